import type { AlarmDetail } from '@rcm/shared/alarms';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SeverityBadge, StatusBadge } from '@/components/badges.tsx';
import { Field, Section } from '@/components/ui/section.tsx';
import { formatDateTime, formatNumber, reasonText } from '@/lib/format.ts';

/** The alarm's details: status, severity, reason, value, controller, place, occurrences, health. */
export function AlarmDetails(props: { alarm: AlarmDetail }) {
  const { t, i18n } = useTranslation();
  const a = props.alarm;
  return (
    <Section title={t('alarmView.details')} id="alarm-details">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={t('alarmView.status')}>
          <StatusBadge status={a.status} />
        </Field>
        <Field label={t('dashboard.severity')}>
          <SeverityBadge severity={a.severity} />
        </Field>
        <Field label={t('alarmView.reason')}>{reasonText(a, i18n.language)}</Field>
        <Field label={t('alarmView.value')}>{a.value === null ? '—' : formatNumber(a.value)}</Field>
        <Field label={t('dashboard.controller')}>
          <Link
            to="/controllers/$controllerId/view"
            params={{ controllerId: String(a.controller.id) }}
            className="font-medium text-blue-700 underline dark:text-blue-300"
          >
            {a.controller.name ?? a.controller.mac_address}
          </Link>
          <span className="block font-mono text-xs">{a.controller.mac_address}</span>
        </Field>
        <Field label={t('alarmView.location')}>
          {a.location ? `${a.location.name}${a.location.archived ? ` ${t('common.archived')}` : ''}` : '—'}
          <span className="block text-xs text-slate-600 dark:text-slate-300">
            {a.organization.name}
            {a.organization.archived ? ` ${t('common.archived')}` : ''}
          </span>
        </Field>
        <Field label={t('dashboard.deviceAddr')}>{a.device_address ?? '—'}</Field>
        <Field label={t('dashboard.rackReference')}>{a.rack_ref ?? '—'}</Field>
        <Field label={t('alarmView.registeredAt')}>{formatDateTime(a.registered_at)}</Field>
        <Field label={t('alarmView.occurrences')}>
          {a.occurrences} · {formatDateTime(a.last_occurrence_at)}
        </Field>
        <Field label={t('dashboard.warranty')}>
          {a.warranty ? t('dashboard.inWarranty') : t('dashboard.outOfWarranty')}
        </Field>
        <Field label={t('alarmView.healthStatus')}>
          {t(`alarmView.health_${a.health_status}`)}
          {a.clear_reason === 'decommissioned' ? (
            <span className="block text-xs text-slate-600 dark:text-slate-300">
              {t('alarmView.clearedDecommissioned')}
            </span>
          ) : null}
          {a.clear_reason === 'maintenance_ended' ? (
            <span className="block text-xs text-slate-600 dark:text-slate-300">{t('alarmMgmt.maintenanceEnded')}</span>
          ) : null}
        </Field>
      </dl>
    </Section>
  );
}
