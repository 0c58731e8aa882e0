import type { AlarmDetail } from '@rcm/shared/alarms';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaseLegend, caseSeries } from '@/components/chart/case-legend.tsx';
import { ChartSummary, chartPoints } from '@/components/chart/chart-summary.tsx';
import { seriesTitle } from '@/components/chart/series-title.ts';
import { type Marker, TimeSeriesChart } from '@/components/chart/time-series-chart.tsx';
import { Spinner } from '@/components/page.tsx';
import { Options } from '@/components/ui/form.tsx';
import { formatDateTime, formatNumber } from '@/lib/format.ts';
import { zoneInput, zoneInstant } from '@/lib/zone-time.ts';
import { alarmMetricsQuery } from '../api/get-alarm.ts';

type Preset = 'around' | '24h' | '7d' | '30d' | 'custom';
const HOUR = 3_600_000;

function rangeFor(preset: Preset, alarm: AlarmDetail, custom: { from: string; to: string }, now: number) {
  const raised = new Date(alarm.raised_at).getTime();
  switch (preset) {
    case 'around': {
      const end = alarm.cleared_at ? Math.min(new Date(alarm.cleared_at).getTime() + 2 * HOUR, now) : now;
      return { from: raised - 6 * HOUR, to: Math.max(end, raised + HOUR) };
    }
    case '24h':
      return { from: now - 24 * HOUR, to: now };
    case '7d':
      return { from: now - 7 * 24 * HOUR, to: now };
    case '30d':
      return { from: now - 30 * 24 * HOUR, to: now };
    case 'custom':
      return { from: Date.parse(zoneInstant(custom.from)), to: Date.parse(zoneInstant(custom.to)) };
    default:
      return { from: now - 24 * HOUR, to: now };
  }
}

/** The alarm's rack metrics with a date/time range filter; raise and clear marked on each chart. */
export function AlarmMetrics(props: { alarm: AlarmDetail }) {
  const { t } = useTranslation();
  const { alarm } = props;
  const [preset, setPreset] = useState<Preset>('around');
  const [now] = useState(() => Date.now());
  const [custom, setCustom] = useState(() => ({ from: zoneInput(now - 24 * HOUR), to: zoneInput(now) }));
  const range = rangeFor(preset, alarm, custom, now);
  const valid = Number.isFinite(range.from) && Number.isFinite(range.to) && range.from < range.to;
  const iso = {
    from: new Date(valid ? range.from : now - HOUR).toISOString(),
    to: new Date(valid ? range.to : now).toISOString(),
  };
  const metrics = useQuery({ ...alarmMetricsQuery(alarm.ref, iso), enabled: valid });

  const markers = useMemo<Marker[]>(() => {
    const list: Marker[] = [
      { at: new Date(alarm.raised_at).getTime(), label: t('alarmView.raised'), color: '#b91c1c' },
    ];
    if (alarm.cleared_at)
      list.push({ at: new Date(alarm.cleared_at).getTime(), label: t('alarmView.cleared'), color: '#047857' });
    return list;
  }, [alarm.raised_at, alarm.cleared_at, t]);

  const presets: Preset[] = ['around', '24h', '7d', '30d', 'custom'];
  return (
    <div>
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="sr-only">{t('alarmView.range')}</legend>
        <label className="block">
          <span className="block text-xs font-medium text-slate-600 dark:text-slate-300">{t('alarmView.range')}</span>
          <select
            value={preset}
            onChange={(e) => setPreset(e.target.value as Preset)}
            className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900"
          >
            <Options values={presets} label={(p) => t(`alarmView.preset_${p}`)} />
          </select>
        </label>
        {preset === 'custom' ? (
          <>
            <label className="block">
              <span className="block text-xs font-medium text-slate-600 dark:text-slate-300">
                {t('alarmView.from')}
              </span>
              <input
                type="datetime-local"
                value={custom.from}
                onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))}
                className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
              />
            </label>
            <label className="block">
              <span className="block text-xs font-medium text-slate-600 dark:text-slate-300">{t('alarmView.to')}</span>
              <input
                type="datetime-local"
                value={custom.to}
                onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))}
                className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
              />
            </label>
          </>
        ) : null}
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {formatDateTime(iso.from)} – {formatDateTime(iso.to)}
          {metrics.data ? ` · ${t(`alarmView.resolution_${metrics.data.resolution}`)}` : ''}
        </p>
      </fieldset>
      {!valid ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {t('alarmView.rangeInvalid')}
        </p>
      ) : metrics.isPending ? (
        <div className="mt-4">
          <Spinner label={t('common.loading')} />
        </div>
      ) : metrics.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {metrics.error.message}
        </p>
      ) : metrics.data.series.every((s) => s.points.length === 0) ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{t('alarmView.noReadings')}</p>
      ) : (
        <div className="mt-4 grid gap-6 lg:grid-cols-2">
          {metrics.data.series.map((s) => {
            const pts = chartPoints(s.points);
            const last = pts.at(-1);
            const name = seriesTitle(s, t, false);
            const { product, bands, second } = caseSeries(s, t('cases.chart.product'));
            return (
              <figure key={s.key} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <figcaption className="mb-2 text-sm font-medium">
                  {name}
                  {last ? (
                    <span className="ml-2 font-normal text-slate-600 dark:text-slate-300">
                      {t('alarmView.latest', { value: formatNumber(last[1]), unit: s.unit ?? '' })}
                    </span>
                  ) : null}
                  <ChartSummary points={pts} />
                  {product || bands.length > 0 ? (
                    <CaseLegend product={product !== null} defrosts={bands.length} />
                  ) : null}
                </figcaption>
                <TimeSeriesChart
                  points={pts}
                  label={name}
                  unit={s.unit}
                  markers={markers}
                  second={second}
                  bands={bands}
                  range={{ from: new Date(iso.from).getTime(), to: new Date(iso.to).getTime() }}
                />
              </figure>
            );
          })}
        </div>
      )}
    </div>
  );
}
