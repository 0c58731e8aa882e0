import { ALARM_BENCHMARKS } from '@rcm/shared/alarm-management';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '@/lib/format.ts';
import { reportQuery } from '../api/reports.ts';
import {
  ConditionTable,
  Figure,
  HourlyChart,
  type Judged,
  ReportTable,
} from '../components/alarm-management-parts.tsx';
import { ReportLayout, ReportState, useReportFilters } from '../components/report-layout.tsx';
import { ReportSection, reportLinkClass, td } from '../components/report-parts.tsx';

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
  const locCols = [
    'colLocation',
    'colAlarms',
    'colPerHour',
    'colPeak',
    'colFlood',
    'colTop10',
    'colChattering',
    'colStanding',
    'colShelved',
    'colSuppressed',
    'colAck10',
  ];
  const bad = (ok: boolean) => (ok ? '' : 'font-semibold text-red-800 dark:text-red-300');
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
              <ReportTable label={t('alarmMgmt.report.byLocation')} columns={locCols}>
                {[{ location: { id: 0, name: t('alarmMgmt.report.overall') }, ...o }, ...r.locations].map((l) => {
                  // The overall row of several locations is not one operator position: not judged.
                  const judge = (ok: boolean) => (l.location.id === 0 && several ? '' : bad(ok));
                  return (
                    <tr key={l.location.id} className={l.location.id === 0 ? 'font-semibold' : ''}>
                      <td className={td}>{l.location.name}</td>
                      <td className={`${td} tabular-nums`}>{l.alarms}</td>
                      <td className={`${td} tabular-nums ${judge(l.per_hour <= B.perHour)}`}>
                        {formatNumber(l.per_hour, 2)}
                      </td>
                      <td className={`${td} tabular-nums ${judge(l.peak_10min <= B.peak10Min)}`}>{l.peak_10min}</td>
                      <td className={`${td} tabular-nums ${judge(l.flood_percent <= B.floodPercent)}`}>
                        {floodValue(l)}
                      </td>
                      <td
                        className={`${td} tabular-nums ${l.top10_percent === null ? '' : bad(l.top10_percent < B.top10Percent)}`}
                      >
                        {l.top10_percent === null ? (
                          <span title={t('alarmMgmt.report.top10NotApplicable')}>—</span>
                        ) : (
                          pct(l.top10_percent)
                        )}
                      </td>
                      <td className={`${td} tabular-nums ${bad(l.chattering <= B.chattering)}`}>{l.chattering}</td>
                      <td className={`${td} tabular-nums ${bad(l.standing < B.standing)}`}>{l.standing}</td>
                      <td className={`${td} tabular-nums`}>{formatNumber(l.shelved_hours, 1)}</td>
                      <td className={`${td} tabular-nums`}>{l.suppressed_alarms}</td>
                      <td className={`${td} tabular-nums`}>
                        {l.acknowledged_10min_percent === null ? '—' : pct(l.acknowledged_10min_percent)}
                      </td>
                    </tr>
                  );
                })}
              </ReportTable>
            </ReportSection>
            <ConditionTable title={t('alarmMgmt.report.badActors')} rows={r.bad_actors} />
            <ConditionTable title={t('alarmMgmt.report.chatteringList')} rows={r.chattering} />
            <ReportSection title={t('alarmMgmt.report.standingList')}>
              {r.standing.length === 0 ? (
                <p className="text-sm text-slate-700 dark:text-slate-200">{t('alarmMgmt.report.none')}</p>
              ) : (
                <ReportTable
                  label={t('alarmMgmt.report.standingList')}
                  columns={['colRef', 'colAlarm', 'colController', 'colLocation', 'colRaised', 'colHours']}
                >
                  {r.standing.map((s) => (
                    <tr key={s.ref}>
                      <td className={td}>
                        <Link
                          to="/alarms/$alarmMetadataRef/view"
                          params={{ alarmMetadataRef: String(s.ref) }}
                          className={`font-mono ${reportLinkClass}`}
                        >
                          {s.ref}
                        </Link>
                      </td>
                      <td className={td}>{i18n.language === 'es-MX' ? s.alarm_type.name_es : s.alarm_type.name}</td>
                      <td className={td}>{s.controller}</td>
                      <td className={td}>{s.location ?? '—'}</td>
                      <td className={`${td} whitespace-nowrap`}>{formatDateTime(s.raised_at)}</td>
                      <td className={`${td} tabular-nums`}>
                        {formatNumber(s.hours, 1)}
                        {s.open ? ` (${t('alarmMgmt.report.stillOpen')})` : ''}
                      </td>
                    </tr>
                  ))}
                </ReportTable>
              )}
            </ReportSection>
          </>
        ) : null}
      </ReportState>
    </ReportLayout>
  );
}
