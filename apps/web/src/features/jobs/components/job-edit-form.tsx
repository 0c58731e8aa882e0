import { JOB_PRIORITIES, type JobDetail, type JobPriority } from '@rcm/shared/jobs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FormField, inputClass } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { jobCategoriesQuery, updateJob } from '../api/jobs.ts';

/** Edits a local job's title, description, category and priority. */
export function JobEditForm(props: { job: JobDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const categories = useQuery(jobCategoriesQuery());
  const [title, setTitle] = useState(props.job.title);
  const [description, setDescription] = useState(props.job.description);
  const [categoryId, setCategoryId] = useState(props.job.category ? String(props.job.category.id) : '');
  const [priority, setPriority] = useState<JobPriority>(props.job.priority);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!title.trim()) return setErrors({ title: t('validation.required') });
    setBusy(true);
    setErrors({});
    try {
      await updateJob(props.job.id, {
        title,
        description,
        category_id: categoryId ? Number(categoryId) : null,
        priority,
      });
      await queryClient.invalidateQueries({ queryKey: ['jobs'] });
      toast.success(t('jobs.saved'));
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
    <form onSubmit={submit} className="space-y-3" noValidate>
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
            rows={3}
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
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-blue-700 px-3 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
      >
        {busy ? t('jobs.saving') : t('jobs.saveChanges')}
      </button>
    </form>
  );
}
