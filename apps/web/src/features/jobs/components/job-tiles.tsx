import { JOB_STATUSES, type JobStats, type JobStatus } from '@rcm/shared/jobs';
import { useTranslation } from 'react-i18next';

const ACCENT: Record<JobStatus, string> = {
  New: 'border-l-blue-600',
  Started: 'border-l-amber-500',
  'On Hold': 'border-l-violet-600',
  Closed: 'border-l-emerald-600',
};

/** The /jobs stat tiles; a click filters the list to that status (again: all statuses). */
export function JobTiles(props: {
  stats: JobStats | undefined;
  selected: JobStatus | undefined;
  onSelect: (status: JobStatus | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const fmt = new Intl.NumberFormat(i18n.language);
  return (
    <section aria-label={t('jobs.tiles')} className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {JOB_STATUSES.map((status) => (
        <button
          key={status}
          type="button"
          aria-pressed={props.selected === status}
          onClick={() => props.onSelect(props.selected === status ? undefined : status)}
          className={`rounded-lg border border-l-4 border-slate-200 bg-white p-4 text-left shadow-sm aria-pressed:ring-2 aria-pressed:ring-blue-600 dark:border-slate-700 dark:bg-slate-900 ${ACCENT[status]}`}
        >
          <span className="block text-sm font-medium text-slate-600 dark:text-slate-300">
            {t(`jobs.status.${status}`)}
          </span>
          <span className="mt-1 block text-2xl font-semibold tabular-nums">
            {props.stats ? fmt.format(props.stats[status]) : '…'}
          </span>
        </button>
      ))}
    </section>
  );
}
