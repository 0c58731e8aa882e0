import type { HaccpRow } from '@rcm/shared/reports';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/pagination.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { formatDay } from '@/lib/format.ts';
import { reportQuery } from '../api/reports.ts';
import { BarChart } from '../components/bar-chart.tsx';
import { excursionDayBars, haccpCaseLabel } from '../components/haccp-bars.ts';
import { HaccpLogSection } from '../components/haccp-log-section.tsx';
import { ReportLayout, ReportState, useReportFilters } from '../components/report-layout.tsx';
import { Stat } from '../components/report-parts.tsx';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** One hour's temperature; above the limit it is marked (color, asterisk and words). */
function HourValue(props: { value: number | null; limit: number }) {
  const { t } = useTranslation();
  const over = props.value !== null && props.value > props.limit;
  return (
    <span className={over ? 'rounded bg-red-100 px-1 font-bold text-red-900 dark:bg-red-950 dark:text-red-100' : ''}>
      {props.value === null ? '·' : over ? `${props.value}*` : props.value}
      {over ? <span className="sr-only"> {t('reports.haccp.excursion')}</span> : null}
    </span>
  );
}

/** A case's day on a phone: where and which case, its maximum and excursions, the 24 hours in a grid. */
function HaccpCard(props: { row: HaccpRow }) {
  const { t } = useTranslation();
  const r = props.row;
  return (
    <>
      <p className="font-semibold">
        {haccpCaseLabel(r, t)}
        <span className="font-normal text-slate-600 dark:text-slate-300">
          {' · '}
          {r.controller_name} · {r.unit}
        </span>
      </p>
      <p className="mt-0.5">
        {r.location_name} · {formatDay(r.day)}
      </p>
      <p className="mt-1 text-slate-700 dark:text-slate-200">
        {t('reports.haccp.max')}: {r.max ?? '—'} · {t('reports.haccp.hoursAboveShort')}: {r.hours_above} ·{' '}
        <span className={r.excursions > 0 ? 'font-bold text-red-800 dark:text-red-300' : ''}>
          {t('reports.haccp.excursions')}: {r.excursions}
        </span>
      </p>
      <dl className="mt-2 grid grid-cols-6 gap-x-1 gap-y-1 text-xs tabular-nums">
        {HOURS.map((h) => (
          <div key={h} className="rounded bg-slate-50 px-1 py-0.5 text-center dark:bg-slate-800">
            <dt className="text-slate-600 dark:text-slate-300">{String(h).padStart(2, '0')}</dt>
            <dd>
              <HourValue value={r.hours[h] ?? null} limit={r.limit} />
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** /reports/haccp: each case's temperature every hour per location and local day, excursions marked. */
export function HaccpPage() {
  const { t } = useTranslation();
  const [filters, update] = useReportFilters('/reports/haccp');
  const report = useQuery(reportQuery('haccp', filters));
  const body = report.data;
  return (
    <ReportLayout name="haccp" filters={filters} update={update}>
      <ReportState query={report} empty={!body || body.summary.hours_logged === 0}>
        {body ? (
          <>
            <dl className="grid gap-3 sm:grid-cols-5">
              <Stat label={t('reports.haccp.locations')} value={body.summary.locations} />
              <Stat label={t('reports.haccp.cases')} value={body.summary.cases} />
              <Stat label={t('reports.haccp.hoursLogged')} value={body.summary.hours_logged} />
              <Stat label={t('reports.haccp.excursions')} value={body.summary.excursions} />
              <Stat label={t('reports.haccp.hoursAbove')} value={body.summary.hours_above} />
            </dl>
            <BarChart {...excursionDayBars(body.summary.by_day, t, formatDay)} />
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('reports.haccp.legend')}</p>
            <DataTable
              caption={t('reports.names.haccp.title')}
              rows={body.data}
              rowKey={(r) => `${r.location_id}-${r.day}-${r.controller_name}-${r.point}`}
              card={(r) => <HaccpCard row={r} />}
              columns={[
                {
                  key: 'case',
                  header: t('reports.haccp.case'),
                  rowHeader: true,
                  className: 'min-w-36 max-w-52 px-2!',
                  headerClassName: 'px-2!',
                  cell: (r) => (
                    <>
                      {haccpCaseLabel(r, t)}
                      <span className="block font-normal text-slate-600 dark:text-slate-300">
                        {r.location_name} · {r.controller_name} · {r.unit}
                      </span>
                    </>
                  ),
                },
                {
                  key: 'day',
                  header: t('reports.haccp.day'),
                  className: 'whitespace-nowrap px-2!',
                  headerClassName: 'px-2!',
                  cell: (r) => formatDay(r.day),
                },
                ...HOURS.map((h) => ({
                  key: `h${h}`,
                  header: String(h).padStart(2, '0'),
                  className: 'border-l border-slate-100 px-0.5! text-right text-xs tabular-nums dark:border-slate-800',
                  headerClassName: 'px-0.5! text-right text-xs',
                  cell: (r: HaccpRow) => <HourValue value={r.hours[h] ?? null} limit={r.limit} />,
                })),
                {
                  key: 'max',
                  header: t('reports.haccp.max'),
                  className: 'px-1.5! text-right tabular-nums',
                  headerClassName: 'px-1.5! text-right',
                  cell: (r) => r.max ?? '—',
                },
                {
                  key: 'product_max',
                  header: t('reports.haccp.productMax'),
                  className: 'px-1.5! text-right tabular-nums',
                  headerClassName: 'px-1.5! text-right',
                  cell: (r) => r.product_max ?? '—',
                },
                {
                  key: 'hours_above',
                  header: t('reports.haccp.hoursAboveShort'),
                  className: 'px-1.5! text-right tabular-nums',
                  headerClassName: 'px-1.5! text-right',
                  cell: (r) => r.hours_above,
                },
                {
                  key: 'excursions',
                  header: t('reports.haccp.excursions'),
                  className: 'px-1.5! text-right tabular-nums',
                  headerClassName: 'px-1.5! text-right',
                  cell: (r) => (
                    <span className={r.excursions > 0 ? 'font-bold text-red-800 dark:text-red-300' : ''}>
                      {r.excursions}
                    </span>
                  ),
                },
              ]}
            />
            <Pagination meta={body.meta} onPage={(page) => update({ page })} />
            <HaccpLogSection filters={filters} />
          </>
        ) : null}
      </ReportState>
    </ReportLayout>
  );
}
