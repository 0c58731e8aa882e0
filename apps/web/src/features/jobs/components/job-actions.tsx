import { JOB_STATUSES, type JobDetail, type JobStatus } from '@rcm/shared/jobs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, inputClass } from '../../../components/form-field.tsx';
import { primaryButton } from '../../../components/ui/button.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { assignableQuery, assignJob, changeJobStatus } from '../api/jobs.ts';

function useSave() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: ['jobs'] });
      toast.success(done);
    } catch (err) {
      toast.error(failureMessage(err, t('errors.network')));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** Moves the job to another status, with an optional note kept in the history. */
export function JobStatusForm(props: { job: JobDetail }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<JobStatus>(props.job.status);
  const [note, setNote] = useState('');
  const { busy, run } = useSave();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await changeJobStatus(props.job.id, { status, note });
      setNote('');
    }, t('jobs.statusSaved'));
  };
  return (
    <form onSubmit={submit} className="space-y-3">
      <FormField label={t('jobs.newStatus')}>
        {({ id }) => (
          <select
            id={id}
            value={status}
            onChange={(e) => setStatus(e.target.value as JobStatus)}
            className={inputClass}
          >
            {JOB_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`jobs.status.${s}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('jobs.note')}>
        {({ id }) => (
          <input
            id={id}
            value={note}
            maxLength={1000}
            onChange={(e) => setNote(e.target.value)}
            className={inputClass}
          />
        )}
      </FormField>
      <button type="submit" disabled={busy || status === props.job.status} className={primaryButton}>
        {busy ? t('jobs.saving') : t('jobs.saveStatus')}
      </button>
    </form>
  );
}

/** Chooses the people on the job (checkboxes: one tab stop each, space toggles). */
export function JobAssignForm(props: { job: JobDetail }) {
  const { t } = useTranslation();
  const people = useQuery(assignableQuery(props.job.id));
  const [chosen, setChosen] = useState<number[]>(
    props.job.assignees.map((a) => a.user_id).filter((id): id is number => id !== null),
  );
  const { busy, run } = useSave();
  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(() => assignJob(props.job.id, chosen), t('jobs.assigneesSaved'));
  };
  return (
    <form onSubmit={submit} className="space-y-3">
      <fieldset>
        <legend className="text-sm font-medium">{t('jobs.assignees')}</legend>
        <p className="text-xs text-slate-600 dark:text-slate-300">{t('jobs.assignHint')}</p>
        <div className="mt-2 max-h-56 space-y-1 overflow-y-auto">
          {(people.data ?? []).map((p) => (
            <label key={p.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={chosen.includes(p.id)}
                onChange={() => toggle(p.id)}
                className="size-4 rounded border-slate-400"
              />
              {p.name}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" disabled={busy || people.isPending} className={primaryButton}>
        {busy ? t('jobs.saving') : t('jobs.saveAssignees')}
      </button>
    </form>
  );
}
