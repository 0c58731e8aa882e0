import type { JobPriority, JobStatus } from '@rcm/shared/jobs';
import { useTranslation } from 'react-i18next';

const STATUS_CLASS: Record<JobStatus, string> = {
  New: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-100',
  Started: 'bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50',
  'On Hold': 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-100',
  Closed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50',
};

const PRIORITY_CLASS: Record<JobPriority, string> = {
  URGENT: 'bg-red-700 text-white',
  HIGH: 'bg-orange-100 text-orange-900 ring-1 ring-inset ring-orange-300 dark:bg-orange-950 dark:text-orange-100',
  MEDIUM: 'bg-slate-100 text-slate-800 ring-1 ring-inset ring-slate-300 dark:bg-slate-800 dark:text-slate-100',
  LOW: 'bg-white text-slate-700 ring-1 ring-inset ring-slate-300 dark:bg-slate-900 dark:text-slate-200',
};

export function JobStatusBadge(props: { status: JobStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[props.status]}`}
    >
      {t(`jobs.status.${props.status}`)}
    </span>
  );
}

export function JobPriorityBadge(props: { priority: JobPriority }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded px-2 py-0.5 text-xs font-semibold ${PRIORITY_CLASS[props.priority]}`}
    >
      {t(`jobs.priority.${props.priority}`)}
    </span>
  );
}
