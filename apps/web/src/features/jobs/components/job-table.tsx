import type { JobSummary } from '@rcm/shared/jobs';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { useSeededName } from '../../../lib/seeded-names.ts';
import { JobPriorityBadge, JobStatusBadge } from './job-badges.tsx';

const th = 'px-3 py-2 font-semibold';

/** The job fields of spec section 3, one row per job; the number links to the job view. */
export function JobTable(props: { jobs: JobSummary[]; caption: string }) {
  const { t } = useTranslation();
  const seeded = useSeededName();
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
        <caption className="sr-only">{props.caption}</caption>
        <thead className="bg-slate-50 text-left dark:bg-slate-800">
          <tr>
            <th scope="col" className={th}>
              {t('jobs.number')}
            </th>
            <th scope="col" className={th}>
              {t('jobs.name')}
            </th>
            <th scope="col" className={th}>
              {t('jobs.category')}
            </th>
            <th scope="col" className={th}>
              {t('jobs.priorityLabel')}
            </th>
            <th scope="col" className={th}>
              {t('jobs.createdBy')}
            </th>
            <th scope="col" className={th}>
              {t('jobs.statusLabel')}
            </th>
            <th scope="col" className={th}>
              {t('jobs.location')}
            </th>
            <th scope="col" className={th}>
              {t('jobs.assignees')}
            </th>
            <th scope="col" className={th}>
              {t('jobs.callReceived')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {props.jobs.map((job) => (
            <tr key={job.id}>
              <td className="whitespace-nowrap px-3 py-2">
                <Link
                  to="/jobs/$id/view"
                  params={{ id: String(job.id) }}
                  className="font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
                >
                  {job.number}
                </Link>
              </td>
              <td className="min-w-48 px-3 py-2">{job.title}</td>
              <td className="px-3 py-2">{job.category ? seeded('job_category', job.category.name) : '—'}</td>
              <td className="px-3 py-2">
                <JobPriorityBadge priority={job.priority} />
              </td>
              <td className="px-3 py-2">{job.created_by || '—'}</td>
              <td className="px-3 py-2">
                <JobStatusBadge status={job.status} />
              </td>
              <td className="px-3 py-2">{job.location?.name ?? '—'}</td>
              <td className="px-3 py-2">
                {job.assignees.length ? job.assignees.map((a) => a.name).join(', ') : t('jobs.unassigned')}
              </td>
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatDateTime(job.call_received_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
