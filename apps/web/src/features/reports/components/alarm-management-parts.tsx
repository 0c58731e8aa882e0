import { ALARM_BENCHMARKS, type AlarmManagementReport } from '@rcm/shared/alarm-management';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/ui/data-table.tsx';
import { formatDateTime, formatNumber } from '@/lib/format.ts';
import { dateTimeFormat } from '@/lib/intl.ts';
import { chartBuckets, labelEvery } from './hourly-buckets.ts';
import { ControllerLink, ReportSection } from './report-parts.tsx';

/** The alarm-management report's parts: a figure against its benchmark, the hourly chart, its tables. */
const B = ALARM_BENCHMARKS;

export type Judged = { label: string; value: string; bench: string; ok: boolean | null };

/** One figure beside the benchmark it is judged against, colored when out of bounds. */
export function Figure(props: Judged) {
  const { t } = useTranslation();
  const tone =
    props.ok === null
      ? 'border-slate-200 dark:border-slate-700'
      : props.ok
        ? 'border-emerald-600 dark:border-emerald-500'
        : 'border-red-700 bg-red-50 dark:border-red-500 dark:bg-red-950';
  return (
    <div className={`rounded-lg border-2 bg-white px-4 py-3 dark:bg-slate-900 ${tone}`}>
      <dt className="text-xs font-medium text-slate-700 dark:text-slate-200">{props.label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{props.value}</dd>
      <dd className="mt-1 text-xs text-slate-700 dark:text-slate-200">
        {props.ok === null
          ? props.bench
          : `${props.ok ? t('alarmMgmt.report.within') : t('alarmMgmt.report.outside')} · ${props.bench}`}
      </dd>
    </div>
  );
}

/** The width an element is laid out at, following its changes (0 until it is measured). */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * Alarms per hour (bars) and each hour's busiest 10 minutes (dots), with the flood threshold drawn.
 * Drawn at the width it is given, so its text keeps its size: where an hour's bar would be narrower
 * than a few pixels (a month on a phone) the bars are days, and the axis is labelled only where a
 * label fits.
 */
export function HourlyChart(props: { hourly: AlarmManagementReport['hourly'] }) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const height = 220;
  const pad = { left: 32, right: 8, top: 12, bottom: 28 };
  const plot = Math.max(1, width - pad.left - pad.right);
  const { unit, buckets } = chartBuckets(props.hourly, plot);
  const max = Math.max(B.peak10Min + 2, ...buckets.map((p) => p.alarms));
  const w = plot / Math.max(1, buckets.length);
  const y = (v: number) => pad.top + (1 - v / max) * (height - pad.top - pad.bottom);
  const peak = props.hourly.reduce(
    (a, b) => (b.alarms > a.alarms ? b : a),
    props.hourly[0] ?? { hour: '', alarms: 0, peak_10min: 0 },
  );
  const ticks = [0, Math.round(max / 2), max];
  const every = labelEvery(buckets.length, plot);
  const label = dateTimeFormat(
    i18n.language,
    unit === 'day' ? { month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric', hour: 'numeric' },
  );
  const title = unit === 'day' ? t('alarmMgmt.report.chartTitleDay') : t('alarmMgmt.report.chartTitle');
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <figcaption className="mb-1 text-sm font-semibold">{title}</figcaption>
      <p className="mb-2 text-xs text-slate-700 dark:text-slate-200">
        {peak.alarms > 0
          ? t('alarmMgmt.report.chartSummary', {
              hour: formatDateTime(peak.hour),
              alarms: peak.alarms,
              peak: peak.peak_10min,
            })
          : t('alarmMgmt.report.none')}
      </p>
      <div ref={box} style={{ height }}>
        {width > 0 ? (
          <svg
            width={width}
            height={height}
            viewBox={`0 0 ${width} ${height}`}
            role="img"
            aria-label={title}
            data-unit={unit}
          >
            {ticks.map((v) => (
              <g key={v}>
                <line
                  x1={pad.left}
                  x2={width - pad.right}
                  y1={y(v)}
                  y2={y(v)}
                  className="stroke-slate-200 dark:stroke-slate-700"
                />
                <text
                  x={pad.left - 6}
                  y={y(v) + 4}
                  textAnchor="end"
                  className="fill-slate-700 text-[11px] dark:fill-slate-200"
                >
                  {v}
                </text>
              </g>
            ))}
            {buckets.map((p, i) => (
              <g key={p.start}>
                {p.alarms > 0 ? (
                  <rect
                    data-bar=""
                    x={pad.left + i * w + w * 0.1}
                    width={Math.max(1, w * 0.8)}
                    y={y(p.alarms)}
                    height={y(0) - y(p.alarms)}
                    className="fill-blue-700 dark:fill-blue-400"
                  />
                ) : null}
                {p.peak_10min > 0 ? (
                  <circle
                    cx={pad.left + i * w + w / 2}
                    cy={y(p.peak_10min)}
                    r={Math.min(3, Math.max(1.5, w / 3))}
                    className={p.peak_10min > B.peak10Min ? 'fill-red-600' : 'fill-amber-500'}
                  />
                ) : null}
                {i % every === 0 ? (
                  <text
                    x={pad.left + i * w + w / 2}
                    y={height - 8}
                    textAnchor="middle"
                    className="fill-slate-700 text-[11px] dark:fill-slate-200"
                  >
                    {label.format(new Date(p.start))}
                  </text>
                ) : null}
              </g>
            ))}
            <line
              x1={pad.left}
              x2={width - pad.right}
              y1={y(B.peak10Min)}
              y2={y(B.peak10Min)}
              strokeDasharray="6 4"
              className="stroke-red-700 dark:stroke-red-400"
              strokeWidth={1.5}
            />
          </svg>
        ) : null}
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-700 dark:text-slate-200">
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 bg-blue-700 dark:bg-blue-400" />
          {unit === 'day' ? t('alarmMgmt.report.chartAlarmsDay') : t('alarmMgmt.report.chartAlarms')}
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-2.5 rounded-full bg-amber-500" />
          {t('alarmMgmt.report.chartPeak')}
        </li>
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block h-0 w-5 border-t-2 border-dashed border-red-700 dark:border-red-400"
          />
          {t('alarmMgmt.report.chartThreshold', { n: B.peak10Min })}
        </li>
      </ul>
    </figure>
  );
}

export function ConditionTable(props: { title: string; rows: AlarmManagementReport['bad_actors'] }) {
  const { t, i18n } = useTranslation();
  const col = (key: string) => t(`alarmMgmt.report.${key}`);
  return (
    <ReportSection title={props.title}>
      {props.rows.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">{t('alarmMgmt.report.none')}</p>
      ) : (
        <DataTable
          inRegion
          caption={props.title}
          rows={props.rows}
          rowKey={(c) => `${c.controller.id}|${c.alarm_type.code}|${c.subject}`}
          columns={[
            {
              key: 'alarm',
              header: col('colAlarm'),
              cell: (c) => (i18n.language === 'es-MX' ? c.alarm_type.name_es : c.alarm_type.name),
            },
            {
              key: 'controller',
              header: col('colController'),
              cell: (c) => <ControllerLink id={c.controller.id} name={c.controller.name} />,
            },
            { key: 'location', header: col('colLocation'), cell: (c) => c.location ?? '—' },
            { key: 'point', header: col('colPoint'), cell: (c) => (i18n.language === 'es-MX' ? c.point_es : c.point) },
            { key: 'count', header: col('colCount'), className: 'tabular-nums', cell: (c) => c.count },
            {
              key: 'share',
              header: col('colShare'),
              className: 'tabular-nums',
              cell: (c) => `${formatNumber(c.share_percent, 1)} %`,
            },
          ]}
        />
      )}
    </ReportSection>
  );
}
