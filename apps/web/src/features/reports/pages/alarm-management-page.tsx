import { ALARM_BENCHMARKS, type AlarmManagementReport } from '@rcm/shared/alarm-management';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '@/components/ui/data-table.tsx';
import { formatDateTime, formatNumber } from '@/lib/format.ts';
import { reportQuery } from '../api/reports.ts';
import { ConditionTable, Figure, HourlyChart, type Judged } from '../components/alarm-management-parts.tsx';
import { ReportLayout, ReportState, useReportFilters } from '../components/report-layout.tsx';
import { ReportSection, reportLinkClass } from '../components/report-parts.tsx';

type LocationRow = AlarmManagementReport['locations'][number];

const B = ALARM_BENCHMARKS;

/** /reports/alarm_management: alarm load judged against ISA-18.2 / EEMUA 191, per location and overall. */
export function AlarmManagementReportPage() {
  const { t, i18n } = useTranslation();
  const [filters, update] = useReportFilters('/reports/alarm_management');
  const { page: _page, status: _status, severity: _severity, ...query } = filters;
  const report = useQuery(reportQuery('alarm_management', query));
  const r = report.data?.data;
  const o = r?.overall;
  const pct = (n: number) => `${formatNumber(n, 1)} %`;
  const floodValue = (f: { flood_percent: number; flood_periods: number }) =>
    t('alarmMgmt.report.floodValue', { percent: formatNumber(f.flood_percent, 2), count: f.flood_periods });
  // Rates, the busiest 10 minutes and floods hold per operator position (a location): for several
  // locations together they are shown, not judged (ALARM_BENCHMARKS).
  const several = (r?.locations.length ?? 0) > 1;
  const perPosition = (bench: string, ok: boolean) =>
    several ? { bench: t('alarmMgmt.report.perLocationBench', { bench }), ok: null } : { bench, ok };
  const figures: Judged[] = o
    ? [
        {
          label: t('alarmMgmt.report.alarms'),
          value: String(o.alarms),
          bench: t('alarmMgmt.report.noBench'),
          ok: null,
        },
        {
          label: t('alarmMgmt.report.perHour'),
          value: formatNumber(o.per_hour, 2),
          ...perPosition(t('alarmMgmt.report.perHourBench', { n: B.perHour }), o.per_hour <= B.perHour),
        },
        {
          label: t('alarmMgmt.report.peak'),
          value: String(o.peak_10min),
          ...perPosition(t('alarmMgmt.report.peakBench', { n: B.peak10Min }), o.peak_10min <= B.peak10Min),
        },
        {
          label: t('alarmMgmt.report.flood'),
          value: floodValue(o),
          ...perPosition(t('alarmMgmt.report.floodBench', { n: B.floodPercent }), o.flood_percent <= B.floodPercent),
        },
        o.top10_percent === null
          ? {
              label: t('alarmMgmt.report.top10'),
              value: '—',
              bench: t('alarmMgmt.report.top10NotApplicable'),
              ok: null,
            }
          : {
              label: t('alarmMgmt.report.top10'),
              value: pct(o.top10_percent),
              bench: t('alarmMgmt.report.top10Bench', { n: B.top10Percent }),
              ok: o.top10_percent < B.top10Percent,
            },
        {
          label: t('alarmMgmt.report.chattering'),
          value: String(o.chattering),
          bench: t('alarmMgmt.report.chatteringBench'),
          ok: o.chattering <= B.chattering,
        },
        {
          label: t('alarmMgmt.report.standing'),
          value: String(o.standing),
          bench: t('alarmMgmt.report.standingBench', { n: B.standing }),
          ok: o.standing < B.standing,
        },
        {
          label: t('alarmMgmt.report.perDay'),
          value: formatNumber(o.per_day, 1),
          bench: t('alarmMgmt.report.noBench'),
          ok: null,
        },
        {
          label: t('alarmMgmt.report.shelved'),
          value: t('alarmMgmt.report.hoursValue', { hours: formatNumber(o.shelved_hours, 1) }),
          bench: t('alarmMgmt.report.noBench'),
          ok: null,
        },
        {
          label: t('alarmMgmt.report.suppressed'),
          value: t('alarmMgmt.report.suppressedValue', {
            count: o.suppressed_alarms,
            hours: formatNumber(o.suppressed_hours, 1),
          }),
          bench: t('alarmMgmt.report.noBench'),
          ok: null,
        },
        {
          label: t('alarmMgmt.report.ack10'),
          value: o.acknowledged_10min_percent === null ? '—' : pct(o.acknowledged_10min_percent),
          bench: t('alarmMgmt.report.noBench'),
          ok: null,
        },
      ]
    : [];
  const bad = (ok: boolean) => (ok ? '' : 'font-semibold text-red-800 dark:text-red-300');
  const col = (key: string) => t(`alarmMgmt.report.${key}`);
  // The overall row of several locations is not one operator position: not judged.
  const judged = (l: LocationRow, ok: boolean, value: ReactNode) => {
    const tone = l.location.id === 0 && several ? '' : bad(ok);
    return tone ? <span className={tone}>{value}</span> : value;
  };
  const marked = (ok: boolean, value: ReactNode) => (ok ? value : <span className={bad(false)}>{value}</span>);
  const figure = (key: string, header: string, cell: (l: LocationRow) => ReactNode): Column<LocationRow> => ({
    key,
    header: col(header),
    className: 'tabular-nums',
    cell,
  });
  const locationColumns: Column<LocationRow>[] = [
    { key: 'location', header: col('colLocation'), cell: (l) => l.location.name },
    figure('alarms', 'colAlarms', (l) => l.alarms),
    figure('perHour', 'colPerHour', (l) => judged(l, l.per_hour <= B.perHour, formatNumber(l.per_hour, 2))),
    figure('peak', 'colPeak', (l) => judged(l, l.peak_10min <= B.peak10Min, l.peak_10min)),
    figure('flood', 'colFlood', (l) => judged(l, l.flood_percent <= B.floodPercent, floodValue(l))),
    figure('top10', 'colTop10', (l) =>
      l.top10_percent === null ? (
        <span title={t('alarmMgmt.report.top10NotApplicable')}>—</span>
      ) : (
        marked(l.top10_percent < B.top10Percent, pct(l.top10_percent))
      ),
    ),
    figure('chattering', 'colChattering', (l) => marked(l.chattering <= B.chattering, l.chattering)),
    figure('standing', 'colStanding', (l) => marked(l.standing < B.standing, l.standing)),
    figure('shelved', 'colShelved', (l) => formatNumber(l.shelved_hours, 1)),
    figure('suppressed', 'colSuppressed', (l) => l.suppressed_alarms),
    figure('ack10', 'colAck10', (l) =>
      l.acknowledged_10min_percent === null ? '—' : pct(l.acknowledged_10min_percent),
    ),
  ];
  return (
    <ReportLayout name="alarm_management" filters={filters} update={update}>
      <ReportState query={report} empty={!o || (o.alarms === 0 && o.suppressed_alarms === 0 && o.standing === 0)}>
        {r && o ? (
          <>
            <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {figures.map((f) => (
                <Figure key={f.label} {...f} />
              ))}
            </dl>
            <HourlyChart hourly={r.hourly} />
            <ReportSection title={t('alarmMgmt.report.byLocation')}>
              <DataTable
                inRegion
                caption={t('alarmMgmt.report.byLocation')}
                rows={[{ location: { id: 0, name: t('alarmMgmt.report.overall') }, ...o }, ...r.locations]}
                rowKey={(l) => l.location.id}
                rowClassName={(l) => (l.location.id === 0 ? 'font-semibold' : '')}
                columns={locationColumns}
              />
            </ReportSection>
            <ConditionTable title={t('alarmMgmt.report.badActors')} rows={r.bad_actors} />
            <ConditionTable title={t('alarmMgmt.report.chatteringList')} rows={r.chattering} />
            <ReportSection title={t('alarmMgmt.report.standingList')}>
              {r.standing.length === 0 ? (
                <p className="text-sm text-slate-700 dark:text-slate-200">{t('alarmMgmt.report.none')}</p>
              ) : (
                <DataTable
                  inRegion
                  caption={t('alarmMgmt.report.standingList')}
                  rows={r.standing}
                  rowKey={(s) => s.ref}
                  columns={[
                    {
                      key: 'ref',
                      header: col('colRef'),
                      cell: (s) => (
                        <Link
                          to="/alarms/$alarmMetadataRef/view"
                          params={{ alarmMetadataRef: String(s.ref) }}
                          className={`font-mono ${reportLinkClass}`}
                        >
                          {s.ref}
                        </Link>
                      ),
                    },
                    {
                      key: 'alarm',
                      header: col('colAlarm'),
                      cell: (s) => (i18n.language === 'es-MX' ? s.alarm_type.name_es : s.alarm_type.name),
                    },
                    { key: 'controller', header: col('colController'), cell: (s) => s.controller },
                    { key: 'location', header: col('colLocation'), cell: (s) => s.location ?? '—' },
                    {
                      key: 'raised',
                      header: col('colRaised'),
                      className: 'whitespace-nowrap',
                      cell: (s) => formatDateTime(s.raised_at),
                    },
                    {
                      key: 'hours',
                      header: col('colHours'),
                      className: 'tabular-nums',
                      cell: (s) =>
                        `${formatNumber(s.hours, 1)}${s.open ? ` (${t('alarmMgmt.report.stillOpen')})` : ''}`,
                    },
                  ]}
                />
              )}
            </ReportSection>
          </>
        ) : null}
      </ReportState>
    </ReportLayout>
  );
}
