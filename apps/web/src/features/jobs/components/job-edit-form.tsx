import { type JobDetail, type JobUpdateBody, jobUpdateBody } from '@rcm/shared/jobs';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { RootError } from '@/components/ui/form.tsx';
import { SubmitButton } from '@/components/ui/form-actions.tsx';
import { formResolver } from '@/lib/form-errors.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { updateJob } from '../api/jobs.ts';
import { jobKeys } from '../api/keys.ts';
import { JobFields, type JobFormValues, jobBodyFrom } from './job-fields.tsx';

const formSchema = z.preprocess((v) => jobBodyFrom(v as JobFormValues), jobUpdateBody);

/** Edits a local job's title, description, category and priority. */
export function JobEditForm(props: { job: JobDetail }) {
  const { t } = useTranslation();
  const { job } = props;
  const form = useForm<JobFormValues, unknown, JobUpdateBody>({
    defaultValues: {
      title: job.title,
      description: job.description,
      category_id: job.category ? String(job.category.id) : '',
      priority: job.priority,
      location_id: '',
    },
    resolver: formResolver(formSchema, t),
  });

  const save = useApiMutation({
    mutationFn: (body: JobUpdateBody) => updateJob(job.id, body),
    invalidates: [jobKeys.all],
    onSuccess: () => toast.success(t('jobs.saved')),
    showError: { form, shown: ['title', 'description', 'category_id', 'priority'] },
  });
  const submit = form.handleSubmit((body) => save.run(body));

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <RootError message={form.formState.errors.root?.message} />
      <JobFields form={form} currentCategoryId={job.category?.id ?? null} descriptionRows={3} />
      <SubmitButton
        submitting={form.formState.isSubmitting}
        label={t('jobs.saveChanges')}
        busyLabel={t('jobs.saving')}
      />
    </form>
  );
}
