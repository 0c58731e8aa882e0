import { JOB_PRIORITIES, type JobPriority } from '@rcm/shared/jobs';
import { useQuery } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorOf, Options, SelectInput, TextArea, TextInput } from '@/components/ui/form.tsx';
import { useSeededName } from '@/lib/seeded-names.ts';
import { jobCategoriesQuery } from '../api/jobs.ts';

/** What the job forms hold: strings, as the inputs give them (`location_id` only when creating one). */
export type JobFormValues = {
  title: string;
  description: string;
  category_id: string;
  priority: JobPriority;
  location_id: string;
};

/** The form's strings as the API's numbers (the API's own schema then validates them). */
export function jobBodyFrom(values: JobFormValues) {
  return {
    ...values,
    category_id: values.category_id ? Number(values.category_id) : null,
    location_id: values.location_id ? Number(values.location_id) : undefined,
  };
}

/**
 * Title, description, category and priority: the fields creating and editing a job share. Only
 * categories offered for new jobs are listed, plus the one the job already has (archived or not).
 */
export function JobFields(props: {
  form: UseFormReturn<JobFormValues, unknown, unknown>;
  /** The job's own category, kept as an option even when it is no longer offered. */
  currentCategoryId?: number | null;
  descriptionRows: number;
}) {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const categories = useQuery(jobCategoriesQuery());
  const { register, formState } = props.form;
  const { errors } = formState;
  return (
    <>
      <TextInput reg={register('title')} label={t('jobs.jobTitle')} error={errorOf(errors, 'title')} maxLength={200} />
      <TextArea
        reg={register('description')}
        label={t('jobs.description')}
        error={errorOf(errors, 'description')}
        rows={props.descriptionRows}
      />
      <SelectInput reg={register('category_id')} label={t('jobs.category')} error={errorOf(errors, 'category_id')}>
        <option value="">{t('jobs.none')}</option>
        {(categories.data ?? [])
          .filter((c) => c.selectable || c.id === props.currentCategoryId)
          .map((c) => (
            <option key={c.id} value={c.id}>
              {c.archived
                ? `${seeded('job_category', c.name)} ${t('jobs.archivedCategory')}`
                : seeded('job_category', c.name)}
            </option>
          ))}
      </SelectInput>
      <SelectInput reg={register('priority')} label={t('jobs.priorityLabel')} error={errorOf(errors, 'priority')}>
        <Options values={JOB_PRIORITIES} label={(p) => t(`jobs.priority.${p}`)} />
      </SelectInput>
    </>
  );
}
