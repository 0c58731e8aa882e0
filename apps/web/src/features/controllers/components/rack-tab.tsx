import type { RackState } from '@rcm/shared/controllers';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner } from '@/components/page.tsx';
import { type Column, DataTable } from '@/components/ui/data-table.tsx';
import { formatDateTime, formatNumber } from '@/lib/format.ts';
import { onRealtime, realtimeSocket } from '@/lib/realtime.ts';
import { useLiveQuery } from '@/lib/use-live-query.ts';
import { racksQuery } from '../api/controllers.ts';
import { controllerKeys } from '../api/keys.ts';

const RackCharts = lazy(() => import('./rack-charts.tsx').then((m) => ({ default: m.RackCharts })));

const METRICS = ['superheat', 'liquid_level', 'oil_pressure'] as const;
const UNITS: Record<string, string> = { superheat: 'K', liquid_level: '%', oil_pressure: 'psi' };

const STATUS_CLASS: Record<string, string> = {
  ok: 'text-emerald-800 dark:text-emerald-300',
  alarm: 'text-red-800 dark:text-red-300 font-semibold',
  manual_on: 'text-amber-800 dark:text-amber-300 font-semibold',
  off: 'text-slate-600 dark:text-slate-300',
  fault: 'text-red-800 dark:text-red-300 font-semibold',
  defrost: 'text-sky-800 dark:text-sky-300',
  door_open: 'text-amber-800 dark:text-amber-300',
};

/** The Rack tab: every rack's metrics and points, live (the server sends at most one update a second). */
export function RackTab(props: { controllerId: number }) {
  const { t } = useTranslation();
  const racks = useQuery(racksQuery(props.controllerId));
  useLiveQuery(controllerKeys.racks(props.controllerId), {
    'rack.telemetry': (e) => e.controller_id === props.controllerId,
  });

  useEffect(() => {
    const id = props.controllerId;
    const watch = () => realtimeSocket()?.emit('controller.watch', id, () => {});
    watch();
    const offs = [
      onRealtime('reconnect', watch),
      // The socket may still be loading right after sign-in: watch as soon as it exists.
      onRealtime('ready', watch),
    ];
    return () => {
      for (const off of offs) off();
      realtimeSocket()?.emit('controller.unwatch', id);
    };
  }, [props.controllerId]);

  const col = (c: string) => t(`controllers.col_${c}`);
  const reading = (value: number | null, unit: string | null | undefined) =>
    value === null ? '—' : `${formatNumber(value)} ${unit ?? ''}`;
  const columns: Column<RackState['points'][number]>[] = [
    { key: 'name', header: col('name'), cell: (p) => p.name ?? p.addr },
    { key: 'addr', header: col('addr'), className: 'font-mono text-xs', cell: (p) => p.addr },
    {
      key: 'status',
      header: col('status'),
      cell: (p) => (
        <span className={STATUS_CLASS[p.status] ?? ''}>
          {t(`controllers.pointStatus_${p.status}`, { defaultValue: p.status })}
        </span>
      ),
    },
    { key: 'value', header: col('value'), className: 'tabular-nums', cell: (p) => reading(p.value, p.unit) },
    { key: 'setPoint', header: col('setPoint'), className: 'tabular-nums', cell: (p) => reading(p.set_point, p.unit) },
    {
      key: 'alarmStatus',
      header: col('alarmStatus'),
      cell: (p) => (p.alarm_status ? t(`alarmStatus.${p.alarm_status}`) : t('controllers.noAlarm')),
    },
    {
      key: 'lastUpdated',
      header: col('lastUpdated'),
      className: 'whitespace-nowrap tabular-nums',
      cell: (p) => formatDateTime(p.updated_at),
    },
  ];

  if (racks.isPending) return <Spinner label={t('common.loading')} />;
  if (racks.isError) return <p role="alert">{t('errors.generic')}</p>;
  if (racks.data.length === 0)
    return <EmptyState title={t('controllers.noRacksTitle')} body={t('controllers.noRacksBody')} />;
  return (
    <div className="space-y-6">
      <section aria-labelledby="rack-charts">
        <h3 id="rack-charts" className="mb-2 text-base font-semibold">
          {t('controllers.last24h')}
        </h3>
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <RackCharts controllerId={props.controllerId} />
        </Suspense>
      </section>
      {racks.data.map((rack) => (
        <section key={rack.ref} aria-labelledby={`rack-${rack.ref}`}>
          <h3 id={`rack-${rack.ref}`} className="text-base font-semibold">
            {rack.name ?? t('controllers.rack', { ref: rack.ref })}
            <span className="ml-2 text-xs font-normal text-slate-600 dark:text-slate-300">
              {formatDateTime(rack.updated_at)}
            </span>
          </h3>
          <dl className="mt-2 grid grid-cols-3 gap-3">
            {METRICS.map((m) => (
              <div key={m} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
                <dt className="text-xs text-slate-600 dark:text-slate-300">{t(`alarmView.metric_${m}`)}</dt>
                <dd className="text-lg font-semibold tabular-nums">
                  {rack.metrics[m] === undefined ? '—' : `${formatNumber(rack.metrics[m])} ${UNITS[m]}`}
                </dd>
              </div>
            ))}
          </dl>
          <div className="mt-3">
            <DataTable
              caption={t('controllers.rackPoints', { ref: rack.ref })}
              rows={rack.points}
              rowKey={(p) => p.addr}
              columns={columns}
            />
          </div>
        </section>
      ))}
    </div>
  );
}
