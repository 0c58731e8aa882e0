import type { AlarmDetail } from '@rcm/shared/alarms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SeverityBadge, StatusBadge } from '../../../components/badges.tsx';
import { EmptyState, Page, Spinner } from '../../../components/page.tsx';
import { secondaryButton } from '../../../components/ui/button.ts';
import { ApiError, failureMessage } from '../../../lib/api-client.ts';
import { hasPermission, useAuth } from '../../../lib/auth-store.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { onRealtime } from '../../../lib/realtime.ts';
import { CreateJobButton } from '../../jobs/components/create-job-button.tsx';
import { RelatedJobs } from '../../jobs/components/related-jobs.tsx';
import { EmailNotificationsTable } from '../../notifications/email-notifications-table.tsx';
import { acknowledgeAlarm, clearAlarm, unshelveAlarm } from '../api/alarm-actions.ts';
import { alarmQuery } from '../api/get-alarm.ts';
import { reasonText, typeName } from '../api/get-alarm-types.ts';
import { AlarmNotes } from '../components/alarm-notes.tsx';
import { AlarmProgress } from '../components/alarm-progress.tsx';
import { ClearAlarmDialog } from '../components/clear-dialog.tsx';
import { ManagementBadges } from '../components/management-badges.tsx';
import { ShelveDialog } from '../components/shelve-dialog.tsx';

const AlarmMetrics = lazy(() => import('../components/alarm-metrics.tsx').then((m) => ({ default: m.AlarmMetrics })));

function Section(props: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={props.id}
      className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id={props.id} className="mb-3 text-base font-semibold">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

function Field(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-300">{props.label}</dt>
      <dd className="mt-0.5 text-sm">{props.children}</dd>
    </div>
  );
}

/** What a technician needs before acting, above everything else: state, severity, place, whether the cause holds. */
function AlarmState(props: { alarm: AlarmDetail }) {
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

/** /alarms/{ref}/view: details, progress, actions, notes, notifications, related jobs, metrics. */
export function AlarmViewPage() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { alarmMetadataRef } = useParams({ from: '/alarms/$alarmMetadataRef/view' });
  const ref = Number(alarmMetadataRef);
  const alarm = useQuery({ ...alarmQuery(ref), enabled: Number.isInteger(ref) && ref > 0 });
  const [busy, setBusy] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [shelving, setShelving] = useState(false);

  useEffect(
    () =>
      onRealtime('alarm.updated', (a) => {
        if (a.ref === ref) void queryClient.invalidateQueries({ queryKey: ['alarms', 'detail', ref] });
      }),
    [ref, queryClient],
  );

  if (
    !Number.isInteger(ref) ||
    ref <= 0 ||
    (alarm.isError && alarm.error instanceof ApiError && alarm.error.status === 404)
  ) {
    return (
      <Page title={t('errors.notFoundTitle')}>
        <p>{t('alarmView.notFound')}</p>
      </Page>
    );
  }
  if (alarm.isPending) {
    return (
      <Page title={t('alarmView.title', { ref })}>
        <Spinner label={t('common.loading')} />
      </Page>
    );
  }
  if (alarm.isError) {
    return (
      <Page title={t('alarmView.title', { ref })}>
        <p role="alert">{t('errors.generic')}</p>
      </Page>
    );
  }
  const a = alarm.data;
  const act = async (action: 'acknowledge' | 'clear') => {
    setBusy(true);
    try {
      await (action === 'acknowledge' ? acknowledgeAlarm(ref) : clearAlarm(ref));
      toast.success(t(action === 'acknowledge' ? 'alarmView.acknowledgedToast' : 'alarmView.clearedToast'));
      await queryClient.invalidateQueries({ queryKey: ['alarms'] });
    } catch (err) {
      toast.error(failureMessage(err, t('errors.network')));
    } finally {
      setBusy(false);
    }
  };
  /** For the clear dialog: the action runs, says so and refreshes; a refusal stays in the dialog. */
  const confirmed = async (action: 'acknowledge' | 'clear') => {
    await (action === 'acknowledge' ? acknowledgeAlarm(ref) : clearAlarm(ref));
    toast.success(t(action === 'acknowledge' ? 'alarmView.acknowledgedToast' : 'alarmView.clearedToast'));
    await queryClient.invalidateQueries({ queryKey: ['alarms'] });
  };
  const canAck = hasPermission(user, 'alarms_acknowledge') && a.status === 'active';
  const canClear = hasPermission(user, 'alarms_clear') && a.status !== 'cleared';
  const canShelve = hasPermission(user, 'alarms_acknowledge') && a.status !== 'cleared';
  const unshelve = async () => {
    setBusy(true);
    try {
      await unshelveAlarm(ref);
      toast.success(t('alarmMgmt.unshelvedToast', { ref }));
      await queryClient.invalidateQueries({ queryKey: ['alarms'] });
    } catch (err) {
      toast.error(failureMessage(err, t('errors.network')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      title={t('alarmView.title', { ref })}
      subtitle={typeName(a.alarm_type, i18n.language)}
      actions={
        <div className="flex flex-wrap gap-2">
          {canAck ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => void act('acknowledge')}
              className="rounded-md bg-amber-600 px-4 py-2 text-sm font-semibold text-black hover:bg-amber-500 disabled:opacity-60"
            >
              {t('alarmView.acknowledge')}
            </button>
          ) : null}
          {canClear ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => setClearing(true)}
              className="rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
            >
              {t('alarmView.clear')}
            </button>
          ) : null}
          {canShelve && a.shelved_until === null ? (
            <button type="button" disabled={busy} onClick={() => setShelving(true)} className={secondaryButton}>
              {t('alarmMgmt.shelve')}
            </button>
          ) : null}
          {canShelve && a.shelved_until !== null ? (
            <button type="button" disabled={busy} onClick={() => void unshelve()} className={secondaryButton}>
              {t('alarmMgmt.unshelve')}
            </button>
          ) : null}
          {hasPermission(user, 'jobs_create') ? (
            <CreateJobButton
              alarm={{
                ref: a.ref,
                reason: reasonText(a, i18n.language),
                location_id: a.location_id,
                controller_id: a.controller.id,
              }}
            />
          ) : null}
        </div>
      }
    >
      {canClear ? (
        <ClearAlarmDialog
          open={clearing}
          onClose={() => setClearing(false)}
          alarm={a}
          onClear={() => confirmed('clear')}
          onAcknowledge={canAck ? () => confirmed('acknowledge') : undefined}
          alternatives={
            canShelve && a.shelved_until === null ? (
              <button
                type="button"
                onClick={() => {
                  setClearing(false);
                  setShelving(true);
                }}
                className={secondaryButton}
              >
                {t('alarmMgmt.shelve')}
              </button>
            ) : null
          }
        />
      ) : null}
      {canShelve ? <ShelveDialog open={shelving} onClose={() => setShelving(false)} alarmRef={a.ref} /> : null}
      <div className="space-y-6">
        <AlarmState alarm={a} />
        <AlarmProgress alarm={a} />
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
                <span className="block text-xs text-slate-600 dark:text-slate-300">
                  {t('alarmMgmt.maintenanceEnded')}
                </span>
              ) : null}
            </Field>
          </dl>
        </Section>
        <Section title={t('alarmView.notes')} id="alarm-notes">
          <AlarmNotes
            key={a.notes}
            alarmRef={ref}
            notes={a.notes}
            canEdit={hasPermission(user, 'alarms_acknowledge')}
          />
        </Section>
        <div className="grid gap-6 lg:grid-cols-2">
          <Section title={t('alarmView.emailNotifications')} id="alarm-emails">
            <EmailNotificationsTable source={{ alarmRef: ref }} />
          </Section>
          <Section title={t('alarmView.relatedJobs')} id="alarm-jobs">
            {hasPermission(user, 'jobs_view') ? (
              <RelatedJobs
                filter={{ alarm_id: a.id }}
                caption={t('alarmView.relatedJobs')}
                emptyTitle={t('alarmView.noJobsTitle')}
                emptyBody={t('alarmView.noJobsBody')}
              />
            ) : (
              <EmptyState title={t('alarmView.noJobsTitle')} body={t('alarmView.noJobsBody')} />
            )}
          </Section>
        </div>
        <Section title={t('alarmView.metrics')} id="alarm-metrics">
          <Suspense fallback={<Spinner label={t('common.loading')} />}>
            <AlarmMetrics alarm={a} />
          </Suspense>
        </Section>
      </div>
    </Page>
  );
}
