import type { CaseFigures } from '@rcm/shared/case-performance';
import { HACCP_LIMIT } from '@rcm/shared/reports';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '@/lib/format.ts';
import { reportQuery } from '../api/reports.ts';
import { ReportLayout, ReportState, useReportFilters } from '../components/report-layout.tsx';
import { ReportSection, TableWrap, tableClass, td, th } from '../components/report-parts.tsx';

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

function FigureCells(props: { f: CaseFigures }) {
  const f = props.f;
  const values = [
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
  return values.map((v, i) => (
    <td key={FIGURE_COLS[i]} className={`${td} text-right tabular-nums`}>
      {v}
    </td>
  ));
}

function Head(props: { first: string[] }) {
  const { t } = useTranslation();
  return (
    <thead className="bg-slate-50 dark:bg-slate-800">
      <tr>
        {props.first.map((c) => (
          <th key={c} scope="col" className={th}>
            {t(`cases.report.${c}`)}
          </th>
        ))}
        {FIGURE_COLS.map((c) => (
          <th key={c} scope="col" className={`${th} text-right`}>
            {t(`cases.report.${c}`)}
            {c === 'avgDefrost' || c === 'longestDefrost' ? ' (min)' : ''}
          </th>
        ))}
      </tr>
    </thead>
  );
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
              <TableWrap label={t('cases.report.perLocation')}>
                <table className={tableClass}>
                  <Head first={['location']} />
                  <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                    <tr className="font-semibold">
                      <td className={td}>{t('cases.report.overall')}</td>
                      <FigureCells f={o} />
                    </tr>
                    {r.locations.map((l) => (
                      <tr key={l.location.id}>
                        <td className={td}>{l.location.name}</td>
                        <FigureCells f={l} />
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
            </ReportSection>
            <ReportSection title={t('cases.report.case')}>
              <TableWrap label={t('cases.report.case')}>
                <table className={tableClass}>
                  <Head first={['location', 'controller', 'case']} />
                  <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                    {r.cases.map((c) => (
                      <tr key={`${c.controller.id}|${c.addr}`}>
                        <td className={td}>{c.location?.name ?? '—'}</td>
                        <td className={td}>{c.controller.name}</td>
                        <td className={td}>
                          {c.name ?? c.addr}{' '}
                          <span className="font-mono text-xs text-slate-600 dark:text-slate-300">{c.addr}</span>
                        </td>
                        <FigureCells f={c} />
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
            </ReportSection>
          </>
        ) : null}
      </ReportState>
    </ReportLayout>
  );
}
