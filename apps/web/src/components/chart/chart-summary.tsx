import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format.ts';

/** A series' readings as the chart takes them: [epoch ms, value]. */
export function chartPoints(points: [string, number][]): [number, number][] {
  return points.map(([ts, v]) => [new Date(ts).getTime(), v]);
}

/** What a chart shows, for screen readers: how many readings, the lowest and the highest. */
export function ChartSummary(props: { points: [number, number][] }) {
  const { t } = useTranslation();
  const values = props.points.map((p) => p[1]);
  return (
    <span className="sr-only">
      {t('alarmView.chartSummary', {
        count: props.points.length,
        min: formatNumber(Math.min(...values)),
        max: formatNumber(Math.max(...values)),
      })}
    </span>
  );
}
