import {
  JOB_STATUSES,
  type JobAssignBody,
  type JobDetail,
  type JobStatus,
  type JobStatusBody,
  jobAssignBody,
  jobStatusBody,
} from '@rcm/shared/jobs';
import { useQuery } from '@tanstack/react-query';
import { type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { primaryButton } from '@/components/ui/button.ts';
import { errorOf, FieldError, Options, RootError, SelectInput, TextInput } from '@/components/ui/form.tsx';
import { formResolver } from '@/lib/form-errors.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { assignableQuery, assignJob, changeJobStatus } from '../api/jobs.ts';
import { jobKeys } from '../api/keys.ts';

/** A job form's submit: the API call, then the job's lists refreshed and a toast; a refusal on the form. */
function useJobSave<V extends FieldValues, B>(
  form: UseFormReturn<V, unknown, B>,
  shown: readonly Path<V>[],
  work: (body: B) => Promise<unknown>,
  done: string,
) {
  const save = useApiMutation<unknown, B, V>({
    mutationFn: work,
    invalidates: [jobKeys.all],
    onSuccess: () => toast.success(done),
    showError: { form, shown },
  });
  return form.handleSubmit((body) => save.run(body));
}

type StatusValues = { status: JobStatus; note: string };

/** Moves the job to another status, with an optional note kept in the history. */
export function JobStatusForm(props: { job: JobDetail }) {
  const { t } = useTranslation();
  const form = useForm<StatusValues, unknown, JobStatusBody>({
    defaultValues: { status: props.job.status, note: '' },
    resolver: formResolver(jobStatusBody, t),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = useJobSave(
    form,
    ['status', 'note'],
    async (body) => {
      await changeJobStatus(props.job.id, body);
      form.reset({ status: body.status, note: '' });
    },
    t('jobs.statusSaved'),
  );
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <RootError message={errors.root?.message} />
      <SelectInput reg={form.register('status')} label={t('jobs.newStatus')} error={errorOf(errors, 'status')}>
        <Options values={JOB_STATUSES} label={(s) => t(`jobs.status.${s}`)} />
      </SelectInput>
      <TextInput reg={form.register('note')} label={t('jobs.note')} error={errorOf(errors, 'note')} maxLength={1000} />
      <button
        type="submit"
        disabled={isSubmitting || form.watch('status') === props.job.status}
        className={primaryButton}
      >
        {isSubmitting ? t('jobs.saving') : t('jobs.saveStatus')}
      </button>
    </form>
  );
}

type AssignValues = { user_ids: string[] };

// The checkboxes give the chosen people's ids as strings (one checkbox alone: its value, or false when
// clear); the API's schema takes numbers.
const assignSchema = z.preprocess((v) => {
  const ids: unknown = (v as AssignValues).user_ids;
  const chosen = Array.isArray(ids) ? ids : typeof ids === 'string' ? [ids] : [];
  return { user_ids: chosen.map(Number) };
}, jobAssignBody);

/** Chooses the people on the job (checkboxes: one tab stop each, space toggles). */
export function JobAssignForm(props: { job: JobDetail }) {
  const { t } = useTranslation();
  const people = useQuery(assignableQuery(props.job.id));
  const form = useForm<AssignValues, unknown, JobAssignBody>({
    defaultValues: {
      user_ids: props.job.assignees.flatMap((a) => (a.user_id === null ? [] : [String(a.user_id)])),
    },
    resolver: formResolver(assignSchema, t),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = useJobSave(form, [], (body) => assignJob(props.job.id, body.user_ids), t('jobs.assigneesSaved'));
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <RootError message={errors.root?.message} />
      <fieldset aria-describedby="job-assignees-error">
        <legend className="text-sm font-medium">{t('jobs.assignees')}</legend>
        <p className="text-xs text-slate-600 dark:text-slate-300">{t('jobs.assignHint')}</p>
        <div className="mt-2 max-h-56 space-y-1 overflow-y-auto">
          {(people.data ?? []).map((p) => (
            <label key={p.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                value={String(p.id)}
                {...form.register('user_ids')}
                className="size-4 rounded border-slate-400"
              />
              {p.name}
            </label>
          ))}
        </div>
        <FieldError id="job-assignees-error" message={errorOf(errors, 'user_ids')} />
      </fieldset>
      <button type="submit" disabled={isSubmitting || people.isPending} className={primaryButton}>
        {isSubmitting ? t('jobs.saving') : t('jobs.saveAssignees')}
      </button>
    </form>
  );
}
