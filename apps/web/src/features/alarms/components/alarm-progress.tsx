import type { AlarmDetail } from '@rcm/shared/alarms';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format.ts';

/** Raised → acknowledged → cleared, with who and when for each step reached. */
export function AlarmProgress(props: { alarm: AlarmDetail }) {
  const { t } = useTranslation();
  const a = props.alarm;
  const steps = [
    { key: 'raised', label: t('alarmView.raised'), at: a.raised_at, by: null as string | null, done: true },
    {
      key: 'acknowledged',
      label: t('alarmView.acknowledged'),
      at: a.acknowledged_at,
      by: a.acknowledged_by?.name ?? null,
      done: !!a.acknowledged_at,
    },
    {
      key: 'cleared',
      label: t('alarmView.cleared'),
      at: a.cleared_at,
      by: a.cleared_by?.name ?? null,
      done: !!a.cleared_at,
    },
  ];
  return (
    <ol aria-label={t('alarmView.progress')} className="grid grid-cols-3 gap-2 sm:gap-3">
      {steps.map((s, i) => (
        <li
          key={s.key}
          aria-current={s.done && !steps[i + 1]?.done ? 'step' : undefined}
          className={`rounded-lg border-t-4 bg-white p-2.5 shadow-sm sm:p-4 dark:bg-slate-900 ${s.done ? 'border-blue-700 dark:border-blue-400' : 'border-slate-300 dark:border-slate-600'}`}
        >
          <p className="text-sm font-semibold">
            <span className="sr-only">{s.done ? t('alarmView.stepDone') : t('alarmView.stepPending')}: </span>
            {s.label}
          </p>
          <p className="mt-1 text-xs tabular-nums text-slate-700 sm:text-sm dark:text-slate-200">
            {s.done ? formatDateTime(s.at) : '—'}
          </p>
          {s.done && s.key !== 'raised' ? (
            <p className="text-xs text-slate-600 dark:text-slate-300">
              {s.by ? t('alarmView.by', { name: s.by }) : t('alarmView.automatically')}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
