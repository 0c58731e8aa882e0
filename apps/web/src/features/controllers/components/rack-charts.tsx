import type { AlarmMetrics } from '@rcm/shared/alarms';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaseLegend, caseSeries } from '@/components/chart/case-legend.tsx';
import { ChartSummary, chartPoints } from '@/components/chart/chart-summary.tsx';
import { seriesTitle } from '@/components/chart/series-title.ts';
import { TimeSeriesChart } from '@/components/chart/time-series-chart.tsx';
import { Spinner } from '@/components/page.tsx';
import { api } from '@/lib/api-client.ts';
import { controllerKeys } from '../api/keys.ts';

const HOUR = 3_600_000;
/** Charts of each rack's superheat, liquid level and oil pressure and of its case temperatures, last 24 hours. */
export function RackCharts(props: { controllerId: number }) {
  const { t } = useTranslation();
  const [range] = useState(() => {
    const to = Date.now();
    return { from: to - 24 * HOUR, to };
  });
  const metrics = useQuery({
    queryKey: controllerKeys.metrics(props.controllerId, range),
    queryFn: () =>
      api<{ data: AlarmMetrics }>(
        `controllers/${props.controllerId}/metrics?from=${new Date(range.from).toISOString()}&to=${new Date(range.to).toISOString()}`,
      ).then((r) => r.data),
  });
  if (metrics.isPending) return <Spinner label={t('common.loading')} />;
  if (metrics.isError) return <p role="alert">{t('errors.generic')}</p>;
  const series = metrics.data.series.filter((s) => s.points.length > 0);
  if (series.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('alarmView.noReadings')}</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      {series.map((s) => {
        const pts = chartPoints(s.points);
        const name = seriesTitle(s, t, true);
        const { product, bands, second } = caseSeries(s, t('cases.chart.product'));
        return (
          <figure key={s.key} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
            <figcaption className="mb-2 text-sm font-medium">
              {name}
              <ChartSummary points={pts} />
              {product || bands.length > 0 ? <CaseLegend product={product !== null} defrosts={bands.length} /> : null}
            </figcaption>
            <TimeSeriesChart
              points={pts}
              label={name}
              unit={s.unit}
              markers={[]}
              range={range}
              height={140}
              second={second}
              bands={bands}
            />
          </figure>
        );
      })}
    </div>
  );
}
