import type { JobDetail } from '@rcm/shared/jobs';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page, Spinner } from '@/components/page.tsx';
import { linkClass } from '@/components/ui/button.ts';
import { Field, Section } from '@/components/ui/section.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useSeededName } from '@/lib/seeded-names.ts';
import { userCan } from '@/lib/user-can.ts';
import { jobQuery } from '../api/jobs.ts';
import { JobAssignForm, JobStatusForm } from '../components/job-actions.tsx';
import { JobPriorityBadge, JobStatusBadge } from '../components/job-badges.tsx';
import { JobEditForm } from '../components/job-edit-form.tsx';
import { useLiveJobs } from '../components/use-live-jobs.ts';

/** /jobs/{id}/view: details, linked controller and alarm, status history; status and assignees with jobs_create. */
export function JobViewPage() {
  const { t } = useTranslation();
  const { id: rawId } = useParams({ from: '/jobs/$id/view' });
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0;
  const job = useQuery({ ...jobQuery(id), enabled: valid });
  useLiveJobs();

  if (!valid || (job.isError && job.error instanceof ApiError && job.error.status === 404)) {
    return (
      <Page title={t('errors.notFoundTitle')}>
        <p>{t('jobs.notFound')}</p>
      </Page>
    );
  }
  if (job.isPending) {
    return (
      <Page title={t('jobs.title')}>
        <Spinner label={t('common.loading')} />
      </Page>
    );
  }
  if (job.isError) {
    return (
      <Page title={t('jobs.title')}>
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('jobs.loadError')}
        </p>
      </Page>
    );
  }
  return <JobView job={job.data} />;
}

function JobView({ job }: { job: JobDetail }) {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const { user } = useAuth();
  const canSeeControllers = userCan(user, 'controller.list');
  const canSeeAlarms = userCan(user, 'alarm.view');
  return (
    <Page title={t('jobs.viewTitle', { number: job.number })} subtitle={job.title}>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Section title={t('jobs.details')} id="job-details">
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <Field label={t('jobs.statusLabel')}>
                <JobStatusBadge status={job.status} />
                {job.provider_status ? (
                  <span className="mt-1 block text-xs text-slate-600 dark:text-slate-300">
                    {t('jobs.providerStatus', { status: job.provider_status })}
                  </span>
                ) : null}
              </Field>
              <Field label={t('jobs.priorityLabel')}>
                <JobPriorityBadge priority={job.priority} />
              </Field>
              <Field label={t('jobs.category')}>{job.category ? seeded('job_category', job.category.name) : '—'}</Field>
              <Field label={t('jobs.createdBy')}>{job.created_by || '—'}</Field>
              <Field label={t('jobs.callReceived')}>{formatDateTime(job.call_received_at)}</Field>
              <Field label={t('jobs.assignees')}>
                {job.assignees.length ? job.assignees.map((a) => a.name).join(', ') : t('jobs.unassigned')}
              </Field>
              <Field label={t('jobs.organisation')}>{job.organisation?.name ?? '—'}</Field>
              <Field label={t('jobs.location')}>{job.location?.name ?? '—'}</Field>
              <Field label={t('jobs.provider')}>
                {job.provider === 'zuper' ? t('jobs.providerZuper') : t('jobs.providerLocal')}
              </Field>
              <Field label={t('jobs.controller')}>
                {job.controller ? (
                  canSeeControllers ? (
                    <Link
                      to="/controllers/$controllerId/view"
                      params={{ controllerId: String(job.controller.id) }}
                      className={linkClass}
                    >
                      {job.controller.name}
                    </Link>
                  ) : (
                    job.controller.name
                  )
                ) : (
                  '—'
                )}
              </Field>
              <Field label={t('jobs.alarm')}>
                {job.alarm ? (
                  canSeeAlarms ? (
                    <Link
                      to="/alarms/$alarmMetadataRef/view"
                      params={{ alarmMetadataRef: String(job.alarm.ref) }}
                      className={linkClass}
                    >
                      {t('jobs.alarmRef', { ref: job.alarm.ref })}
                    </Link>
                  ) : (
                    t('jobs.alarmRef', { ref: job.alarm.ref })
                  )
                ) : (
                  '—'
                )}
              </Field>
            </dl>
            <h3 className="mt-5 text-sm font-semibold">{t('jobs.description')}</h3>
            <p className="mt-1 whitespace-pre-line text-sm text-slate-700 dark:text-slate-200">
              {job.description || t('jobs.noDescription')}
            </p>
          </Section>
          <Section title={t('jobs.history')} id="job-history">
            <ol className="space-y-3">
              {job.history.map((h) => (
                <li key={h.id} className="border-l-2 border-slate-300 pl-3 text-sm dark:border-slate-600">
                  <span className="font-medium">
                    {h.from_status
                      ? t('jobs.historyEntry', {
                          from: t(`jobs.status.${h.from_status}`),
                          to: t(`jobs.status.${h.to_status}`),
                        })
                      : t('jobs.historyCreated', { to: t(`jobs.status.${h.to_status}`) })}
                  </span>
                  <span className="block text-xs text-slate-600 dark:text-slate-300">
                    {formatDateTime(h.changed_at)}
                    {h.changed_by ? ` · ${t('jobs.by', { name: h.changed_by })}` : ''}
                  </span>
                  {h.note ? <span className="block text-slate-700 dark:text-slate-200">{h.note}</span> : null}
                </li>
              ))}
            </ol>
          </Section>
        </div>
        <div className="space-y-6">
          {job.can_edit ? (
            <>
              <Section title={t('jobs.changeStatus')} id="job-status">
                <JobStatusForm key={job.status} job={job} />
              </Section>
              <Section title={t('jobs.assign')} id="job-assign">
                <JobAssignForm key={job.updated_at} job={job} />
              </Section>
              <Section title={t('jobs.edit')} id="job-edit">
                <JobEditForm key={job.updated_at} job={job} />
              </Section>
            </>
          ) : job.provider === 'zuper' ? (
            <p className="rounded-md border border-slate-200 bg-white p-4 text-sm dark:border-slate-700 dark:bg-slate-900">
              {t('jobs.zuperManaged')}
            </p>
          ) : null}
        </div>
      </div>
    </Page>
  );
}
