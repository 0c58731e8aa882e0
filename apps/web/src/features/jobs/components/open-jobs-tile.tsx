import { OPEN_JOB_STATUSES } from '@rcm/shared/filter-values';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { StatTile } from '@/components/ui/stat-tile.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { numberFormat } from '@/lib/intl.ts';
import { userCan } from '@/lib/user-can.ts';
import { jobStatsQuery } from '../api/jobs.ts';
import { useLiveJobs } from './use-live-jobs.ts';

/**
 * The dashboard's open jobs tile (New + Started + On Hold) in the caller's scope: "Zuper Jobs" when
 * jobs live in Zuper, else "Jobs".
 */
export function OpenJobsTile(props: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const allowed = userCan(user, 'job.view');
  const stats = useQuery({ ...jobStatsQuery({}), enabled: allowed });
  useLiveJobs();
  const open = stats.data ? OPEN_JOB_STATUSES.reduce((n, s) => n + stats.data[s], 0) : undefined;
  return (
    <StatTile
      label={stats.data?.provider === 'zuper' ? t('dashboard.zuperJobs') : t('dashboard.openJobs')}
      value={!allowed ? '—' : open === undefined ? '…' : numberFormat(i18n.language).format(open)}
      hint={t('jobs.openJobsHint')}
      accent="blue"
      compact={props.compact}
      to={allowed ? '/jobs' : undefined}
    />
  );
}
