import type { AlarmSummary } from '@rcm/shared/alarms';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SeverityBadge } from '@/components/badges.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { formatDateTime, formatRelative } from '@/lib/format.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { userCan } from '@/lib/user-can.ts';
import { acknowledgeAlarm } from '../api/alarm-actions.ts';
import { typeName } from '../api/get-alarm-types.ts';
import { alarmKeys } from '../api/keys.ts';
import { AlarmListBadges, PagedPeople } from './management-badges.tsx';

/** Acknowledges one alarm in one tap, says so, and refreshes the lists and tiles. */
function AcknowledgeButton(props: { alarm: AlarmSummary }) {
  const { t } = useTranslation();
  const acknowledge = useApiMutation({
    mutationFn: acknowledgeAlarm,
    invalidates: [alarmKeys.all],
    onSuccess: () => toast.success(t('alarmView.acknowledgedToast')),
    showError: 'toast',
  });
  return (
    <button
      type="button"
      disabled={acknowledge.isPending}
      onClick={() => void acknowledge.run(props.alarm.ref)}
      aria-label={t('dashboard.acknowledgeRef', { ref: props.alarm.ref })}
      className="inline-flex min-h-11 items-center justify-center rounded-md bg-amber-600 px-4 text-sm font-semibold text-black hover:bg-amber-500 disabled:opacity-60"
    >
      {t('dashboard.acknowledge')}
    </button>
  );
}

/**
 * One alarm on a phone: severity, place and time first, then what it is, and its actions within
 * thumb's reach (acknowledge in one tap; the row of actions wraps, so more can join it).
 */
export function AlarmCard(props: { alarm: AlarmSummary }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const a = props.alarm;
  const controller = a.controller.name ?? a.controller.mac_address;
  return (
    <article aria-labelledby={`alarm-card-${a.ref}`}>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span className="flex items-center gap-2">
          <SeverityBadge severity={a.severity} />
          <AlarmListBadges alarm={a} />
        </span>
        <time dateTime={a.raised_at ?? undefined} title={formatDateTime(a.raised_at)} className="text-sm tabular-nums">
          {formatRelative(a.raised_at)}
        </time>
      </div>
      <p className="mt-2 font-semibold break-words">
        {a.location?.name ?? '—'}
        <span className="font-normal text-slate-600 dark:text-slate-300"> · {controller}</span>
      </p>
      <h2 id={`alarm-card-${a.ref}`} className="mt-1 break-words">
        <Link
          to="/alarms/$alarmMetadataRef/view"
          params={{ alarmMetadataRef: String(a.ref) }}
          className="font-medium text-blue-700 underline underline-offset-2 dark:text-blue-300"
        >
          {typeName(a.alarm_type, i18n.language)}
        </Link>
        <span className="ml-2 font-mono text-xs text-slate-600 dark:text-slate-300">#{a.ref}</span>
      </h2>
      <PagedPeople alarm={a} className="mt-1 block text-sm text-slate-700 dark:text-slate-200" />
      {a.rack_ref || a.device_address ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          {[
            a.rack_ref ? `${t('dashboard.rackReference')} ${a.rack_ref}` : null,
            a.device_address ? `${t('dashboard.deviceAddr')} ${a.device_address}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {userCan(user, 'alarm.acknowledge', a) ? <AcknowledgeButton alarm={a} /> : null}
        {a.status === 'acknowledged' ? (
          <span className="text-xs text-slate-600 dark:text-slate-300">
            {t('dashboard.acknowledgedAgo', { when: formatRelative(a.acknowledged_at) })}
          </span>
        ) : null}
      </div>
    </article>
  );
}
