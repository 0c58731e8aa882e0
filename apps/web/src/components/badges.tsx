import { useTranslation } from 'react-i18next';
import { formatDay } from '@/lib/format.ts';

const SEVERITY_CLASS: Record<string, string> = {
  critical: 'bg-red-100 text-red-900 ring-red-300 dark:bg-red-950 dark:text-red-100 dark:ring-red-800',
  high: 'bg-orange-100 text-orange-900 ring-orange-300 dark:bg-orange-950 dark:text-orange-100 dark:ring-orange-800',
  medium: 'bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-800',
  low: 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600',
};

const STATUS_CLASS: Record<string, string> = {
  active: 'bg-red-700 text-white',
  acknowledged: 'bg-amber-200 text-amber-950 dark:bg-amber-300',
  cleared: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50',
};

export function SeverityBadge(props: { severity: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center rounded px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${SEVERITY_CLASS[props.severity] ?? SEVERITY_CLASS.low}`}
    >
      {t(`severity.${props.severity}`)}
    </span>
  );
}

export function StatusBadge(props: { status: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[props.status] ?? ''}`}
    >
      {t(`alarmStatus.${props.status}`)}
    </span>
  );
}

export const SEVERITY_ORDER = ['critical', 'high', 'medium', 'low'] as const;

/**
 * A warranty's end date with its state: under warranty until that day (inclusive), then expired, in
 * words and not by colour alone. `today` is the local date (YYYY-MM-DD).
 */
export function WarrantyBadge(props: { expiry: string | null; today: string }) {
  const { t } = useTranslation();
  if (!props.expiry) return <span className="text-slate-600 dark:text-slate-300">—</span>;
  const valid = props.expiry >= props.today;
  return (
    <span className="inline-flex flex-wrap items-center gap-2 tabular-nums">
      {formatDay(props.expiry)}
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium ${valid ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50' : 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100'}`}
      >
        {valid ? t('dashboard.inWarranty') : t('controllers.warrantyExpired')}
      </span>
    </span>
  );
}
