import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeSeriesChart } from '@/components/chart/time-series-chart.tsx';
import { Spinner } from '@/components/page.tsx';
import { formatNumber } from '@/lib/format.ts';
import { levelTrendQuery } from '../api/refrigerant.ts';

const HOUR = 3_600_000;

/** The rack's liquid level (hourly medians, 48 h) with the leak rule's fitted trend over the last 24 h. */
export function LevelTrendChart(props: { controllerId: number; rackRef: string }) {
  const { t } = useTranslation();
  const trend = useQuery(levelTrendQuery(props.controllerId, props.rackRef));
  const view = useMemo(() => {
    if (!trend.data) return null;
    const points = trend.data.hours.map((h) => [Date.parse(h.at) + HOUR / 2, h.level] as [number, number]);
    const to = Math.ceil(Date.now() / HOUR) * HOUR;
    const line = trend.data.trend
      ? {
          from: [Date.parse(trend.data.trend.from.at), trend.data.trend.from.level] as [number, number],
          to: [Date.parse(trend.data.trend.to.at), trend.data.trend.to.level] as [number, number],
          color: trend.data.trend.falling ? '#b91c1c' : '#475569',
        }
      : undefined;
    return { points, line, range: { from: to - 48 * HOUR, to } };
  }, [trend.data]);

  if (trend.isPending) return <Spinner label={t('common.loading')} />;
  if (trend.isError || !view) return <p role="alert">{t('errors.generic')}</p>;
  const label = t('refrigerant.chartLabel', { ref: props.rackRef });
  const fit = trend.data?.trend;
  return (
    <figure className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <figcaption className="mb-2 text-sm font-medium">
        {t('refrigerant.chartTitle')}
        {view.points.length > 0 ? (
          <span className="sr-only">
            {t('refrigerant.chartSummary', {
              count: view.points.length,
              min: formatNumber(Math.min(...view.points.map((p) => p[1]))),
              max: formatNumber(Math.max(...view.points.map((p) => p[1]))),
            })}
          </span>
        ) : null}
      </figcaption>
      {view.points.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('refrigerant.noLevel')}</p>
      ) : (
        <TimeSeriesChart
          points={view.points}
          label={label}
          unit="%"
          markers={[]}
          range={view.range}
          line={view.line}
          height={160}
        />
      )}
      <p className="mt-2 text-sm" role="status">
        {fit ? (
          <>
            <span
              aria-hidden="true"
              className={`mr-2 inline-block w-6 border-t-2 border-dashed align-middle ${fit.falling ? 'border-red-700' : 'border-slate-600'}`}
            />
            {t('refrigerant.trendLine')}: {t('refrigerant.trendSummary', { rate: formatNumber(fit.per_day, 2) })}{' '}
            {fit.falling ? (
              <strong className="text-red-800 dark:text-red-300">{t('refrigerant.trendFalling')}</strong>
            ) : null}
          </>
        ) : (
          t('refrigerant.noTrend')
        )}
      </p>
    </figure>
  );
}
