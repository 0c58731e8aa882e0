import { OPEN_JOB_STATUSES } from '@rcm/shared/jobs';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { hasPermission, useAuth } from '../../../lib/auth-store.ts';
import { jobStatsQuery } from '../api/jobs.ts';
import { useLiveJobs } from './use-live-jobs.ts';

/** The dashboard's "Zuper Jobs" tile: open jobs (New + Started + On Hold) in the caller's scope. */
export function OpenJobsTile(props: { label: string }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const allowed = hasPermission(user, 'jobs_view');
  const stats = useQuery({ ...jobStatsQuery({}), enabled: allowed });
  useLiveJobs();
  const open = stats.data ? OPEN_JOB_STATUSES.reduce((n, s) => n + stats.data[s], 0) : undefined;
  const body = (
    <>
      <span className="block text-sm font-medium text-slate-600 dark:text-slate-300">{props.label}</span>
      <span className="mt-1 block text-2xl font-semibold tabular-nums">
        {!allowed ? '—' : open === undefined ? '…' : new Intl.NumberFormat(i18n.language).format(open)}
      </span>
      <span className="block text-xs text-slate-600 dark:text-slate-300">{t('jobs.openJobsHint')}</span>
    </>
  );
  const className =
    'block rounded-lg border border-l-4 border-slate-200 border-l-blue-600 bg-white p-4 text-left shadow-sm dark:border-slate-700 dark:bg-slate-900';
  if (!allowed) return <div className={className}>{body}</div>;
  return (
    <Link to="/jobs" className={`${className} hover:bg-slate-50 dark:hover:bg-slate-800`}>
      {body}
    </Link>
  );
}
