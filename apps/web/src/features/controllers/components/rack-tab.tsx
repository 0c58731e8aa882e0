import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner } from '@/components/page.tsx';
import { ScrollFrame } from '@/components/ui/data-table.tsx';
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
          <ScrollFrame label={t('controllers.rackPoints', { ref: rack.ref })} className="mt-3">
            <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
              <caption className="sr-only">{t('controllers.rackPoints', { ref: rack.ref })}</caption>
              <thead className="text-left">
                <tr>
                  {['name', 'addr', 'status', 'value', 'setPoint', 'alarmStatus', 'lastUpdated'].map((c) => (
                    <th key={c} scope="col" className="px-3 py-2 font-semibold">
                      {t(`controllers.col_${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {rack.points.map((p) => (
                  <tr key={p.addr}>
                    <td className="px-3 py-1.5">{p.name ?? p.addr}</td>
                    <td className="px-3 py-1.5 font-mono text-xs">{p.addr}</td>
                    <td className={`px-3 py-1.5 ${STATUS_CLASS[p.status] ?? ''}`}>
                      {t(`controllers.pointStatus_${p.status}`, { defaultValue: p.status })}
                    </td>
                    <td className="px-3 py-1.5 tabular-nums">
                      {p.value === null ? '—' : `${formatNumber(p.value)} ${p.unit ?? ''}`}
                    </td>
                    <td className="px-3 py-1.5 tabular-nums">
                      {p.set_point === null ? '—' : `${formatNumber(p.set_point)} ${p.unit ?? ''}`}
                    </td>
                    <td className="px-3 py-1.5">
                      {p.alarm_status ? t(`alarmStatus.${p.alarm_status}`) : t('controllers.noAlarm')}
                    </td>
                    <td className="whitespace-nowrap px-3 py-1.5 tabular-nums">{formatDateTime(p.updated_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollFrame>
        </section>
      ))}
    </div>
  );
}
