import { type JobCreateBody, jobCreateBody } from '@rcm/shared/jobs';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SlideOver } from '@/components/slide-over.tsx';
import { primaryButton } from '@/components/ui/button.ts';
import { errorOf, RootError, SelectInput } from '@/components/ui/form.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';
import { formResolver } from '@/lib/form-errors.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { createJob, jobLocationsQuery } from '../api/jobs.ts';
import { jobKeys } from '../api/keys.ts';
import { JobFields, type JobFormValues, jobBodyFrom } from './job-fields.tsx';

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
  const { alarm } = props;
  const locations = useQuery({ ...jobLocationsQuery(), enabled: alarm === null });
  // From an alarm, the job is at the alarm's place; the API's own schema validates the rest.
  const formSchema = useMemo(
    () =>
      z.preprocess((v) => {
        const body = jobBodyFrom(v as JobFormValues);
        return alarm
          ? { ...body, location_id: alarm.location_id, controller_id: alarm.controller_id, alarm_ref: alarm.ref }
          : body;
      }, jobCreateBody),
    [alarm],
  );
  const form = useForm<JobFormValues, unknown, JobCreateBody>({
    defaultValues: {
      title: alarm ? alarm.reason.slice(0, 200) : '',
      description: '',
      category_id: '',
      priority: alarm ? 'HIGH' : 'MEDIUM',
      location_id: '',
    },
    resolver: formResolver(formSchema, t),
  });
  const { errors, isSubmitting } = form.formState;

  // What the form shows sits under its field; anything else (the alarm's place) above the form.
  const shown = ['title', 'description', 'category_id', 'priority'] as const;
  const create = useApiMutation({
    mutationFn: createJob,
    invalidates: [jobKeys.all],
    onSuccess: (job) => {
      toast.success(t('jobs.created', { number: job.number }));
      props.onClose();
    },
    showError: { form, shown: alarm ? shown : [...shown, 'location_id'] },
  });
  const submit = form.handleSubmit((body) => create.run(body));

  return (
    <SlideOver
      open
      onClose={props.onClose}
      title={t('jobs.createTitle')}
      description={alarm ? t('jobs.createDescription') : t('jobs.createStandaloneDescription')}
      closeLabel={t('jobs.close')}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <RootError message={errors.root?.message} />
        {alarm ? null : (
          <SelectInput
            reg={form.register('location_id')}
            label={t('jobs.location')}
            error={errorOf(errors, 'location_id')}
          >
            <option value="">{t('jobs.chooseLocation')}</option>
            {(locations.data ?? []).map((l) => (
              <option key={l.id} value={l.id}>
                {l.name} · {l.organization_name}
              </option>
            ))}
          </SelectInput>
        )}
        <JobFields form={form} descriptionRows={4} />
        <FormActions
          onCancel={props.onClose}
          cancelLabel={t('jobs.cancel')}
          submitting={isSubmitting}
          label={t('jobs.save')}
          busyLabel={t('jobs.saving')}
        />
      </form>
    </SlideOver>
  );
}
