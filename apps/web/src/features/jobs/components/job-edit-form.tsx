import type { JobDetail } from '@rcm/shared/jobs';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/form-actions.tsx';
import { toast } from '../../../lib/toast.ts';
import { updateJob } from '../api/jobs.ts';
import { JobFields, type JobFieldValues, showSaveFailure } from './job-fields.tsx';

/** Edits a local job's title, description, category and priority. */
export function JobEditForm(props: { job: JobDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<JobFieldValues>({
    title: props.job.title,
    description: props.job.description,
    categoryId: props.job.category ? String(props.job.category.id) : '',
    priority: props.job.priority,
  });
  const { title, description, categoryId, priority } = values;
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
      showSaveFailure(err, setErrors, t('errors.network'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <JobFields
        currentCategoryId={props.job.category?.id ?? null}
        values={values}
        onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
        errors={errors}
        descriptionRows={3}
      />
      <SubmitButton submitting={busy} label={t('jobs.saveChanges')} busyLabel={t('jobs.saving')} />
    </form>
  );
}
