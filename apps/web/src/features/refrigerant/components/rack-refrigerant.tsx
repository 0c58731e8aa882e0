import type { RefrigerantEventType, RefrigerantSystem } from '@rcm/shared/refrigerant';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner } from '@/components/page.tsx';
import { primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { formatDay, formatMass, formatNumber } from '@/lib/format.ts';
import { userCan } from '@/lib/user-can.ts';
import { levelTrendQuery, refrigerantLogQuery } from '../api/refrigerant.ts';
import { EventDialog } from './event-dialog.tsx';
import { EventLog } from './event-log.tsx';
import { LeakNextStep } from './leak-next-step.tsx';
import { LevelTrendChart } from './level-trend-chart.tsx';
import { SystemDialog } from './system-dialog.tsx';

const STATE_CLASS: Record<string, string> = {
  ok: 'border-emerald-700 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  repair_due: 'border-amber-600 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  overdue: 'border-red-700 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
  verification_pending: 'border-blue-700 bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100',
  verification_overdue: 'border-red-700 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
};

function Fact(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-300">{props.label}</dt>
      <dd className="mt-0.5 text-sm">{props.children}</dd>
    </div>
  );
}

function SystemFacts(props: { system: RefrigerantSystem }) {
  const { t } = useTranslation();
  const s = props.system;
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Fact label={t('refrigerant.refrigerant')}>
        {s.refrigerant}
        <span className="block text-xs text-slate-600 dark:text-slate-300">
          {t('refrigerant.gwp')}: {s.gwp} · {s.gwp_source}
        </span>
      </Fact>
      <Fact label={t('refrigerant.fullCharge')}>{formatMass(s.full_charge_kg)}</Fact>
      <Fact label={t('refrigerant.co2e')}>{t('refrigerant.co2eValue', { value: formatNumber(s.co2e_tonnes, 2) })}</Fact>
      <Fact label={t('refrigerant.applianceType')}>{t(`refrigerant.appliance_${s.appliance_type}`)}</Fact>
      <Fact label={t('refrigerant.threshold')}>
        {t('refrigerant.thresholdValue', { value: s.leak_rate_threshold_percent })}
      </Fact>
      <Fact label={t('refrigerant.lastRate')}>
        {s.last_leak_rate_percent === null
          ? '—'
          : t('refrigerant.rateValue', { value: formatNumber(s.last_leak_rate_percent, 2) })}
      </Fact>
      <Fact label={t('refrigerant.leakDetectionShort')}>
        {s.leak_detection_system ? t('refrigerant.yes') : t('refrigerant.no')}
      </Fact>
      <Fact label={t('refrigerant.nextCheck')}>
        {s.next_leak_check_due && s.leak_check_interval_months ? (
          <>
            {formatDay(s.next_leak_check_due)}
            {s.next_leak_check_due < new Date().toISOString().slice(0, 10) ? (
              <strong className="block text-red-800 dark:text-red-300">{t('refrigerant.checkOverdue')}</strong>
            ) : null}
            <span className="block text-xs text-slate-600 dark:text-slate-300">
              {t('refrigerant.checkEvery', { count: s.leak_check_interval_months })}
            </span>
          </>
        ) : (
          t('refrigerant.noCheck')
        )}
      </Fact>
    </dl>
  );
}

/** One rack's system, status, level trend and log (the controller view's Refrigerant tab shows it per rack). */
export function RackRefrigerant(props: { controllerId: number; rackRef: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const canEdit = userCan(user, 'controller.maintain');
  const log = useQuery(refrigerantLogQuery(props.controllerId, props.rackRef));
  const trend = useQuery(levelTrendQuery(props.controllerId, props.rackRef));
  const [editing, setEditing] = useState(false);
  const [logging, setLogging] = useState<RefrigerantEventType | null>(null);
  if (log.isPending) return <Spinner label={t('common.loading')} />;
  if (log.isError) return <p role="alert">{t('errors.generic')}</p>;
  const { system, data: events } = log.data;
  const status = system?.status;
  // The level falls (a leak is suspected) and no leak repair is open: the status alone reads "OK".
  const suspected = trend.data?.trend?.falling === true && (!status || status.state === 'ok');
  return (
    <div className="space-y-6">
      <section aria-labelledby="refrigerant-system" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="refrigerant-system" className="text-base font-semibold">
            {t('refrigerant.system')}
          </h3>
          {canEdit ? (
            <button type="button" className={secondaryButton} onClick={() => setEditing(true)}>
              {system ? t('refrigerant.edit') : t('refrigerant.setUp')}
            </button>
          ) : null}
        </div>
        {system && status ? (
          <>
            <p role="status" className={`rounded-md border-l-4 p-3 text-sm font-medium ${STATE_CLASS[status.state]}`}>
              {t('refrigerant.status')}:{' '}
              {t(`refrigerant.state_${status.state}`, { date: formatDay(status.repair_due_by) })}
            </p>
            {suspected ? (
              <LeakNextStep
                controllerId={props.controllerId}
                rackRef={props.rackRef}
                onInspect={() => setLogging('leak_inspection')}
              />
            ) : null}
            <SystemFacts system={system} />
          </>
        ) : (
          <EmptyState title={t('refrigerant.notSetUpTitle')} body={t('refrigerant.notSetUpBody')} />
        )}
      </section>
      <LevelTrendChart controllerId={props.controllerId} rackRef={props.rackRef} />
      <section aria-labelledby="refrigerant-log" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="refrigerant-log" className="text-base font-semibold">
            {t('refrigerant.log')}
          </h3>
          {canEdit && system ? (
            <button type="button" className={primaryButton} onClick={() => setLogging('charge')}>
              {t('refrigerant.logEntry')}
            </button>
          ) : null}
        </div>
        <p className="text-xs text-slate-600 dark:text-slate-300">{t('refrigerant.logHint')}</p>
        <EventLog events={events} rackRef={props.rackRef} />
      </section>
      {editing ? (
        <SystemDialog
          open
          onClose={() => setEditing(false)}
          controllerId={props.controllerId}
          rackRef={props.rackRef}
          system={system}
        />
      ) : null}
      {logging ? (
        <EventDialog
          open
          initialType={logging}
          onClose={() => setLogging(null)}
          controllerId={props.controllerId}
          rackRef={props.rackRef}
          events={events}
        />
      ) : null}
    </div>
  );
}
