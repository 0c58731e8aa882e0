import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, inputClass } from '../../../components/form-field.tsx';
import { SlideOver } from '../../../components/slide-over.tsx';
import { primaryButton } from '../../../components/ui/button.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { toast } from '../../../lib/toast.ts';
import { createJob, jobLocationsQuery } from '../api/jobs.ts';
import { JobFields, type JobFieldValues, showSaveFailure } from './job-fields.tsx';

type AlarmSource = { ref: number; reason: string; location_id: number; controller_id: number };

/** "Create Job" on the alarm view: a job prefilled with the alarm's controller, location and reason. */
export function CreateJobButton(props: {
  alarm: { ref: number; reason: string; location_id: number | null; controller_id: number };
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (props.alarm.location_id === null) return null;
  return (
    <>
      <button type="button" className={primaryButton} onClick={() => setOpen(true)}>
        {t('jobs.createJob')}
      </button>
      {open ? (
        <CreateJobPanel
          alarm={{ ...props.alarm, location_id: props.alarm.location_id }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

/** "Create Job" on /jobs: a job at a chosen store with no alarm (preventive maintenance, installs). */
export function NewJobButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={primaryButton} onClick={() => setOpen(true)}>
        {t('jobs.createJob')}
      </button>
      {open ? <CreateJobPanel alarm={null} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function CreateJobPanel(props: { alarm: AlarmSource | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { alarm } = props;
  const locations = useQuery({ ...jobLocationsQuery(), enabled: alarm === null });
  const [locationId, setLocationId] = useState('');
  const [values, setValues] = useState<JobFieldValues>({
    title: alarm ? alarm.reason.slice(0, 200) : '',
    description: '',
    categoryId: '',
    priority: alarm ? 'HIGH' : 'MEDIUM',
  });
  const { title, description, categoryId, priority } = values;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!title.trim()) missing.title = t('validation.required');
    if (!alarm && !locationId) missing.location_id = t('validation.required');
    if (Object.keys(missing).length > 0) return setErrors(missing);
    setBusy(true);
    try {
      const job = await createJob({
        title,
        description,
        priority,
        category_id: categoryId ? Number(categoryId) : null,
        location_id: alarm ? alarm.location_id : Number(locationId),
        controller_id: alarm?.controller_id ?? null,
        alarm_ref: alarm?.ref ?? null,
      });
      await queryClient.invalidateQueries({ queryKey: ['jobs'] });
      toast.success(t('jobs.created', { number: job.number }));
      props.onClose();
    } catch (err) {
      showSaveFailure(err, setErrors, t('errors.network'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SlideOver
      open
      onClose={props.onClose}
      title={t('jobs.createTitle')}
      description={alarm ? t('jobs.createDescription') : t('jobs.createStandaloneDescription')}
      closeLabel={t('jobs.close')}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {alarm ? null : (
          <FormField label={t('jobs.location')} error={errors.location_id}>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                value={locationId}
                onChange={(e) => setLocationId(e.target.value)}
                className={inputClass}
              >
                <option value="">{t('jobs.chooseLocation')}</option>
                {(locations.data ?? []).map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name} · {l.organization_name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        <JobFields
          values={values}
          onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
          errors={errors}
          descriptionRows={4}
        />
        {alarm && (errors.location_id || errors.alarm_ref || errors.controller_id) ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {errors.location_id ?? errors.alarm_ref ?? errors.controller_id}
          </p>
        ) : null}
        <FormActions
          onCancel={props.onClose}
          cancelLabel={t('jobs.cancel')}
          submitting={busy}
          label={t('jobs.save')}
          busyLabel={t('jobs.saving')}
        />
      </form>
    </SlideOver>
  );
}
