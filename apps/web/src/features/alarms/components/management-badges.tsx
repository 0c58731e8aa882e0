import type { AlarmSummary } from '@rcm/shared/alarms';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/badges.tsx';
import { formatDateTime } from '@/lib/format.ts';

/** Whether an open alarm is held back (suppressed by a maintenance window or shelved): shown grayed. */
export const isHeld = (a: AlarmSummary) => a.status !== 'cleared' && (a.suppressed || a.shelved_until !== null);

/** The row class of a held alarm: grayed, still readable in both themes. */
export const HELD_ROW = 'bg-slate-100 text-slate-700 dark:bg-slate-800/70 dark:text-slate-300';

/**
 * What alarm management says about an alarm: suppressed by which window, shelved until when by whom
 * and why, chattering. Nothing for an ordinary alarm.
 */
export function ManagementBadges(props: { alarm: AlarmSummary; detailed?: boolean }) {
  const { t } = useTranslation();
  const a = props.alarm;
  const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium';
  return (
    <>
      {a.suppressed && a.maintenance_window ? (
        <span
          className={`${badge} bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100`}
          title={t('alarmMgmt.suppressedBy', { reason: a.maintenance_window.reason })}
        >
          {props.detailed
            ? t('alarmMgmt.suppressedBy', { reason: a.maintenance_window.reason })
            : t('alarmMgmt.suppressed')}
        </span>
      ) : null}
      {a.shelved_until ? (
        <span
          className={`${badge} bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-50`}
          title={t('alarmMgmt.shelvedUntil', {
            until: formatDateTime(a.shelved_until),
            name: a.shelved_by?.name ?? '',
            reason: a.shelve_reason ?? '',
          })}
        >
          {props.detailed
            ? t('alarmMgmt.shelvedUntil', {
                until: formatDateTime(a.shelved_until),
                name: a.shelved_by?.name ?? '',
                reason: a.shelve_reason ?? '',
              })
            : t('alarmMgmt.shelved')}
        </span>
      ) : null}
      {a.chattering ? (
        <span
          className={`${badge} bg-fuchsia-100 text-fuchsia-900 dark:bg-fuchsia-900 dark:text-fuchsia-50`}
          title={t('alarmMgmt.chatteringHint')}
        >
          {t('alarmMgmt.chattering')}
        </span>
      ) : null}
    </>
  );
}

/** A list's view of an alarm's state: its status, what alarm management says of it, how often it came back. */
export function AlarmListBadges(props: { alarm: AlarmSummary }) {
  const a = props.alarm;
  return (
    <>
      <StatusBadge status={a.status} />
      <ManagementBadges alarm={a} />
      {a.occurrences > 1 ? <span className="text-xs text-slate-600 dark:text-slate-300">×{a.occurrences}</span> : null}
    </>
  );
}

/** Who is on an open alarm: the people its escalation paged last; nothing when nobody was, or it is cleared. */
export function PagedPeople(props: { alarm: AlarmSummary; className?: string }) {
  const { t } = useTranslation();
  const a = props.alarm;
  if (a.status === 'cleared' || a.paged.length === 0) return null;
  return (
    <span className={props.className ?? 'block text-xs text-slate-600 dark:text-slate-300'}>
      {t('oncall.pagedTo', { names: a.paged.map((p) => p.name).join(', ') })}
    </span>
  );
}
