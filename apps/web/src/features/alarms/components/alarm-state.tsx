import type { AlarmDetail } from '@rcm/shared/alarms';
import { useTranslation } from 'react-i18next';
import { SeverityBadge, StatusBadge } from '@/components/badges.tsx';
import { ManagementBadges } from './management-badges.tsx';

/** What a technician needs before acting, above everything else: state, severity, place, whether the cause holds. */
export function AlarmState(props: { alarm: AlarmDetail }) {
  const { t } = useTranslation();
  const a = props.alarm;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      <StatusBadge status={a.status} />
      <SeverityBadge severity={a.severity} />
      <span className="font-medium">
        {a.location?.name ?? a.organization.name}
        <span className="font-normal text-slate-600 dark:text-slate-300">
          {' · '}
          {a.controller.name ?? a.controller.mac_address}
        </span>
      </span>
      <ManagementBadges alarm={a} detailed />
      {a.condition_present === null ? null : (
        <span
          className={`inline-flex items-center gap-1.5 ${a.condition_present ? 'font-medium text-red-800 dark:text-red-300' : 'text-slate-600 dark:text-slate-300'}`}
        >
          <span
            aria-hidden="true"
            className={`size-2 rounded-full ${a.condition_present ? 'bg-red-600' : 'bg-emerald-600'}`}
          />
          {a.condition_present ? t('alarmView.conditionPresent') : t('alarmView.conditionEnded')}
        </span>
      )}
    </div>
  );
}
