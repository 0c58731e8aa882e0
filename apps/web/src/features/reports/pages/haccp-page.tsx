import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/pagination.tsx';
import { reportQuery } from '../api/reports.ts';
import { BarChart } from '../components/bar-chart.tsx';
import {
  ReportLayout,
  ReportState,
  Stat,
  TableWrap,
  tableClass,
  td,
  th,
  useReportFilters,
} from '../components/report-layout.tsx';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** /reports/haccp: each case's temperature every hour per location and local day, excursions marked. */
export function HaccpPage() {
  const { t } = useTranslation();
  const [filters, update] = useReportFilters();
  const report = useQuery(reportQuery('haccp', filters));
  const body = report.data;
  return (
    <ReportLayout name="haccp" filters={filters} update={update}>
      <ReportState query={report} empty={!body || body.summary.hours_logged === 0}>
        {body ? (
          <>
            <dl className="grid gap-3 sm:grid-cols-4">
              <Stat label={t('reports.haccp.locations')} value={String(body.summary.locations)} />
              <Stat label={t('reports.haccp.cases')} value={String(body.summary.cases)} />
              <Stat label={t('reports.haccp.hoursLogged')} value={String(body.summary.hours_logged)} />
              <Stat label={t('reports.haccp.excursions')} value={String(body.summary.excursions)} />
            </dl>
            <BarChart
              title={t('reports.haccp.byDay')}
              bars={body.summary.by_day.map((d) => ({
                label: d.day,
                value: d.excursions,
                display: t('reports.haccp.dayBar', { excursions: d.excursions, hours: d.hours_logged }),
                highlight: d.excursions > 0,
              }))}
            />
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('reports.haccp.legend')}</p>
            <TableWrap label={t('reports.names.haccp.title')}>
              <table className={`${tableClass} text-xs`}>
                <caption className="sr-only">{t('reports.names.haccp.title')}</caption>
                <thead className="bg-slate-50 dark:bg-slate-800">
                  <tr>
                    <th scope="col" className={th}>
                      {t('reports.location')}
                    </th>
                    <th scope="col" className={th}>
                      {t('reports.haccp.day')}
                    </th>
                    <th scope="col" className={th}>
                      {t('reports.haccp.case')}
                    </th>
                    {HOURS.map((h) => (
                      <th key={h} scope="col" className="px-1.5 py-2 text-right font-semibold tabular-nums">
                        {String(h).padStart(2, '0')}
                      </th>
                    ))}
                    <th scope="col" className={`${th} text-right`}>
                      {t('reports.haccp.max')}
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      {t('reports.haccp.excursions')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                  {body.data.map((r) => (
                    <tr key={`${r.location_id}-${r.day}-${r.controller_name}-${r.point}`}>
                      <th scope="row" className={`${td} text-left font-medium`}>
                        {r.location_name}
                        <span className="block font-normal text-slate-600 dark:text-slate-300">
                          {r.organization_name}
                        </span>
                      </th>
                      <td className={`${td} whitespace-nowrap`}>{r.day}</td>
                      <td className={`${td} whitespace-nowrap`}>
                        {r.point_name ?? r.point}
                        <span className="block text-slate-600 dark:text-slate-300">
                          {r.controller_name} · {r.unit}
                        </span>
                      </td>
                      {r.hours.map((v, h) => {
                        const over = v !== null && v > r.limit;
                        return (
                          <td
                            // biome-ignore lint/suspicious/noArrayIndexKey: the hour is the key
                            key={h}
                            className={`px-1.5 py-2 text-right tabular-nums ${over ? 'bg-red-100 font-bold text-red-900 dark:bg-red-950 dark:text-red-100' : ''}`}
                          >
                            {v === null ? '·' : over ? `${v}*` : v}
                            {over ? <span className="sr-only"> {t('reports.haccp.excursion')}</span> : null}
                          </td>
                        );
                      })}
                      <td className={`${td} text-right tabular-nums`}>{r.max ?? '—'}</td>
                      <td
                        className={`${td} text-right tabular-nums ${r.excursions > 0 ? 'font-bold text-red-800 dark:text-red-300' : ''}`}
                      >
                        {r.excursions}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
            <Pagination
              page={body.meta.page}
              lastPage={body.meta.last_page}
              total={body.meta.total}
              onPage={(page) => update({ page })}
            />
          </>
        ) : null}
      </ReportState>
    </ReportLayout>
  );
}
