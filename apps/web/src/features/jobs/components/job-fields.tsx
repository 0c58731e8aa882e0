import { JOB_PRIORITIES, type JobPriority } from '@rcm/shared/jobs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormField, inputClass } from '../../../components/form-field.tsx';
import { ApiError, failureMessage } from '../../../lib/api-client.ts';
import { useSeededName } from '../../../lib/seeded-names.ts';
import { toast } from '../../../lib/toast.ts';
import { jobCategoriesQuery } from '../api/jobs.ts';

export type JobFieldValues = { title: string; description: string; categoryId: string; priority: JobPriority };

/**
 * Title, description, category and priority: the fields creating and editing a job share. Only
 * categories offered for new jobs are listed, plus the one the job already has (archived or not).
 */
/** A refused save: the server's messages under the fields they name, any other failure as a toast. */
export function showSaveFailure(
  err: unknown,
  setErrors: (errors: Record<string, string>) => void,
  networkMessage: string,
): void {
  if (err instanceof ApiError && err.fields.length > 0)
    setErrors(Object.fromEntries(err.fields.map((f) => [f.field, f.message])));
  else toast.error(failureMessage(err, networkMessage));
}

export function JobFields(props: {
  values: JobFieldValues;
  /** The job's own category, kept as an option even when it is no longer offered. */
  currentCategoryId?: number | null;
  onChange: (patch: Partial<JobFieldValues>) => void;
  errors: Record<string, string>;
  descriptionRows: number;
}) {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const categories = useQuery(jobCategoriesQuery());
  const { values, onChange, errors } = props;
  return (
    <>
      <FormField label={t('jobs.jobTitle')} error={errors.title}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={values.title}
            maxLength={200}
            onChange={(e) => onChange({ title: e.target.value })}
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
            rows={props.descriptionRows}
            value={values.description}
            onChange={(e) => onChange({ description: e.target.value })}
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
            value={values.categoryId}
            onChange={(e) => onChange({ categoryId: e.target.value })}
            className={inputClass}
          >
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
          </select>
        )}
      </FormField>
      <FormField label={t('jobs.priorityLabel')} error={errors.priority}>
        {({ id, describedBy, invalid }) => (
          <select
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={values.priority}
            onChange={(e) => onChange({ priority: e.target.value as JobPriority })}
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
    </>
  );
}
