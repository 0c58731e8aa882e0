import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SlideOver } from '../../../components/slide-over.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { createJob } from '../api/jobs.ts';
import { JobFields, type JobFieldValues } from './job-fields.tsx';

const buttonClass =
  'rounded-md bg-blue-700 px-3 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60';

/** "Create Job" on the alarm view: a job prefilled with the alarm's controller, location and reason. */
export function CreateJobButton(props: {
  alarm: { ref: number; reason: string; location_id: number | null; controller_id: number };
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (props.alarm.location_id === null) return null;
  return (
    <>
      <button type="button" className={buttonClass} onClick={() => setOpen(true)}>
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

function CreateJobPanel(props: {
  alarm: { ref: number; reason: string; location_id: number; controller_id: number };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<JobFieldValues>({
    title: props.alarm.reason.slice(0, 200),
    description: '',
    categoryId: '',
    priority: 'HIGH',
  });
  const { title, description, categoryId, priority } = values;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!title.trim()) return setErrors({ title: t('validation.required') });
    setBusy(true);
    try {
      const job = await createJob({
        title,
        description,
        priority,
        category_id: categoryId ? Number(categoryId) : null,
        location_id: props.alarm.location_id,
        controller_id: props.alarm.controller_id,
        alarm_ref: props.alarm.ref,
      });
      await queryClient.invalidateQueries({ queryKey: ['jobs'] });
      toast.success(t('jobs.created', { number: job.number }));
      props.onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields.length) {
        setErrors(Object.fromEntries(err.fields.map((f) => [f.field, f.message])));
      } else {
        toast.error(err instanceof ApiError ? err.message : t('errors.generic'));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <SlideOver
      open
      onClose={props.onClose}
      title={t('jobs.createTitle')}
      description={t('jobs.createDescription')}
      closeLabel={t('jobs.close')}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <JobFields
          values={values}
          onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
          errors={errors}
          descriptionRows={4}
        />
        {errors.location_id || errors.alarm_ref || errors.controller_id ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {errors.location_id ?? errors.alarm_ref ?? errors.controller_id}
          </p>
        ) : null}
        <div className="flex justify-end gap-2 pt-2">
          <button
            type="button"
            onClick={props.onClose}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium dark:border-slate-600"
          >
            {t('jobs.cancel')}
          </button>
          <button type="submit" disabled={busy} className={buttonClass}>
            {busy ? t('jobs.saving') : t('jobs.save')}
          </button>
        </div>
      </form>
    </SlideOver>
  );
}
