import type { CaseFigures } from '@rcm/shared/case-performance';
import { HACCP_LIMIT } from '@rcm/shared/reports';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '@/components/ui/data-table.tsx';
import { formatDateTime, formatNumber } from '@/lib/format.ts';
import { reportQuery } from '../api/reports.ts';
import { ReportLayout, ReportState, useReportFilters } from '../components/report-layout.tsx';
import { ReportSection } from '../components/report-parts.tsx';

const num = (n: number | null, digits = 1) => (n === null ? '—' : formatNumber(n, digits));

/** The figure columns every row of the report has, in order. */
const FIGURE_COLS = [
  'observedLogged',
  'timeInRange',
  'outOfRange',
  'hoursAbove',
  'aboveInDefrost',
  'excursions',
  'defrostsPerDay',
  'avgDefrost',
  'longestDefrost',
  'doorOpenings',
  'alarmsRaised',
  'heldDefrost',
  'heldProduct',
] as const;

/** Each figure of a row, in FIGURE_COLS' order. */
function figureValues(f: CaseFigures): string[] {
  return [
    `${num(f.observed_hours)} / ${num(f.hours_logged, 0)}`,
    f.time_in_range_percent === null ? '—' : `${num(f.time_in_range_percent)} %`,
    num(f.out_of_range_hours),
    String(f.hours_above_limit),
    String(f.hours_above_in_defrost),
    String(f.excursions),
    num(f.defrosts_per_day),
    num(f.avg_defrost_minutes),
    num(f.longest_defrost_minutes),
    String(f.door_openings),
    String(f.alarms_raised),
    String(f.held_by_defrost),
    String(f.held_by_product),
  ];
}

/** The figure columns every table of the report ends with (numbers right-aligned). */
function figureColumns<T extends CaseFigures>(t: TFunction): Column<T>[] {
  return FIGURE_COLS.map((c, i) => ({
    key: c,
    header: `${t(`cases.report.${c}`)}${c === 'avgDefrost' || c === 'longestDefrost' ? ' (min)' : ''}`,
    headerClassName: 'text-right',
    className: 'text-right tabular-nums',
    cell: (row: T) => figureValues(row)[i],
  }));
}

/** /reports/case_performance: per case, per location and overall, how the cases held their temperature. */
export function CasePerformancePage() {
  const { t } = useTranslation();
  const [filters, update] = useReportFilters('/reports/case_performance');
  const { page: _page, status: _status, severity: _severity, ...query } = filters;
  const report = useQuery(reportQuery('case_performance', query));
  const r = report.data?.data;
  const o = r?.overall;
  return (
    <ReportLayout name="case_performance" filters={filters} update={update}>
      <ReportState query={report} empty={!o || o.cases === 0}>
        {r && o ? (
          <>
            <p className="text-sm text-slate-700 dark:text-slate-200">
              {t('cases.report.cases', { count: o.cases })} · {t('cases.report.timeInRangeHint')}
            </p>
            <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="case-coverage">
              {r.observed.from && r.observed.to
                ? t('cases.report.observed', {
                    from: formatDateTime(r.observed.from),
                    to: formatDateTime(r.observed.to),
                    observed: num(o.observed_hours),
                    logged: num(o.hours_logged, 0),
                  })
                : t('cases.report.notObserved', { logged: num(o.hours_logged, 0) })}{' '}
              {t('cases.report.haccpHint', { limit: `${HACCP_LIMIT['°F']} °F / ${HACCP_LIMIT['°C']} °C` })}
            </p>
            <ReportSection title={t('cases.report.perLocation')}>
              <DataTable
                inRegion
                caption={t('cases.report.perLocation')}
                rows={[{ ...o, location: { id: 0, name: t('cases.report.overall') } }, ...r.locations]}
                rowKey={(l) => l.location.id}
                rowClassName={(l) => (l.location.id === 0 ? 'font-semibold' : '')}
                columns={[
                  { key: 'location', header: t('cases.report.location'), cell: (l) => l.location.name },
                  ...figureColumns<CaseFigures & { location: { id: number; name: string } }>(t),
                ]}
              />
            </ReportSection>
            <ReportSection title={t('cases.report.case')}>
              <DataTable
                inRegion
                caption={t('cases.report.case')}
                rows={r.cases}
                rowKey={(c) => `${c.controller.id}|${c.addr}`}
                titleColumns={3}
                columns={[
                  { key: 'location', header: t('cases.report.location'), cell: (c) => c.location?.name ?? '—' },
                  { key: 'controller', header: t('cases.report.controller'), cell: (c) => c.controller.name },
                  {
                    key: 'case',
                    header: t('cases.report.case'),
                    cell: (c) => (
                      <>
                        {c.name ?? c.addr}{' '}
                        <span className="font-mono text-xs text-slate-600 dark:text-slate-300">{c.addr}</span>
                      </>
                    ),
                  },
                  ...figureColumns<(typeof r.cases)[number]>(t),
                ]}
              />
            </ReportSection>
          </>
        ) : null}
      </ReportState>
    </ReportLayout>
  );
}
