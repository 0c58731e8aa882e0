import { JOB_STATUSES, type JobStats, type JobStatus } from '@rcm/shared/jobs';
import { useTranslation } from 'react-i18next';
import { StatTile, type TileAccent } from '@/components/ui/stat-tile.tsx';
import { numberFormat } from '@/lib/intl.ts';

const ACCENT: Record<JobStatus, TileAccent> = {
  New: 'blue',
  Started: 'amber',
  'On Hold': 'violet',
  Closed: 'emerald',
};

/** The /jobs stat tiles; a click filters the list to that status (again: all statuses). */
export function JobTiles(props: {
  stats: JobStats | undefined;
  selected: JobStatus | undefined;
  onSelect: (status: JobStatus | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const fmt = numberFormat(i18n.language);
  return (
    <section aria-label={t('jobs.tiles')} className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {JOB_STATUSES.map((status) => (
        <StatTile
          key={status}
          label={t(`jobs.status.${status}`)}
          value={props.stats ? fmt.format(props.stats[status]) : '…'}
          accent={ACCENT[status]}
          pressed={props.selected === status}
          onClick={() => props.onSelect(props.selected === status ? undefined : status)}
        />
      ))}
    </section>
  );
}
