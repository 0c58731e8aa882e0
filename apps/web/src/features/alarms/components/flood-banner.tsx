import type { AlarmStats } from '@rcm/shared/alarms';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format.ts';
import { floodsQuery } from '../api/get-floods.ts';

/** A banner per location in an alarm flood now (more than 10 alarms in 10 minutes). */
export function FloodBanner() {
  const { t } = useTranslation();
  const floods = useQuery(floodsQuery());
  if (!floods.data?.length) return null;
  return (
    <div className="mt-4 space-y-2">
      {floods.data.map((f) => (
        <p
          key={f.id}
          role="status"
          className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {t('alarmMgmt.flood', {
            location: f.location.name,
            count: f.alarm_count,
            since: formatDateTime(f.started_at),
          })}
        </p>
      ))}
    </div>
  );
}

/** The open alarms the default list leaves out, each a link to its filter: suppressed and shelved. */
export function HeldAlarms(props: {
  stats: AlarmStats | undefined;
  onShow: (status: 'suppressed' | 'shelved') => void;
}) {
  const { t } = useTranslation();
  const held = (['suppressed', 'shelved'] as const).filter((s) => (props.stats?.[s] ?? 0) > 0);
  if (held.length === 0) return null;
  return (
    <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-200">
      {held.map((s) => (
        <button
          key={s}
          type="button"
          onClick={() => props.onShow(s)}
          className="font-medium text-blue-700 underline underline-offset-2 dark:text-blue-300"
        >
          {t(`alarmStatus.${s}`)}: {props.stats?.[s]}
        </button>
      ))}
    </p>
  );
}
