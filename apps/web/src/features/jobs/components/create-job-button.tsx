import { JOB_PRIORITIES, type JobPriority } from '@rcm/shared/jobs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FormField, inputClass } from '../../../components/form-field.tsx';
import { SlideOver } from '../../../components/slide-over.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { createJob, jobCategoriesQuery } from '../api/jobs.ts';

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
  const categories = useQuery(jobCategoriesQuery());
  const [title, setTitle] = useState(props.alarm.reason.slice(0, 200));
  const [description, setDescription] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [priority, setPriority] = useState<JobPriority>('HIGH');
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
        <FormField label={t('jobs.jobTitle')} error={errors.title}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField label={t('jobs.description')} error={errors.description}>
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              rows={4}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField label={t('jobs.category')} error={errors.category_id}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              value={categoryId}
              onChange={(e) => setCategoryId(e.target.value)}
              className={inputClass}
            >
              <option value="">{t('jobs.none')}</option>
              {(categories.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('jobs.priorityLabel')} error={errors.priority}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              value={priority}
              onChange={(e) => setPriority(e.target.value as JobPriority)}
              className={inputClass}
            >
              {JOB_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {t(`jobs.priority.${p}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
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
