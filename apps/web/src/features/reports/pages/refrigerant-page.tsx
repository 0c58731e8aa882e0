import type { RefrigerantReportRow } from '@rcm/shared/refrigerant';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/pagination.tsx';
import { formatDay, formatMass, formatNumber } from '../../../lib/format.ts';
import { reportQuery } from '../api/reports.ts';
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

const STATE_CLASS: Record<string, string> = {
  ok: 'text-emerald-800 dark:text-emerald-300',
  repair_due: 'font-semibold text-amber-800 dark:text-amber-300',
  overdue: 'font-semibold text-red-800 dark:text-red-300',
  verification_pending: 'font-semibold text-blue-800 dark:text-blue-300',
};

/** /reports/refrigerant: every refrigeration system in scope with its compliance today. */
export function RefrigerantReportPage() {
  const { t } = useTranslation();
  const [filters, update] = useReportFilters();
  const report = useQuery(reportQuery('refrigerant', filters));
  const body = report.data;
  const cols = [
    t('reports.location'),
    t('refrigerant.report.system'),
    t('refrigerant.report.refrigerantCharge'),
    t('refrigerant.co2e'),
    t('refrigerant.report.addedCol'),
    t('refrigerant.report.lastRate'),
    t('refrigerant.report.status'),
    t('refrigerant.report.nextCheck'),
    t('refrigerant.report.alarms'),
  ];
  const status = (r: RefrigerantReportRow) =>
    t(`refrigerant.state_${r.status.state}`, { date: formatDay(r.status.repair_due_by) });
  return (
    <ReportLayout name="refrigerant" filters={filters} update={update}>
      <ReportState query={report} empty={!body || body.summary.systems === 0}>
        {body ? (
          <>
            <dl className="grid gap-3 sm:grid-cols-3">
              <Stat label={t('refrigerant.report.systems')} value={String(body.summary.systems)} />
              <Stat
                label={t('refrigerant.report.co2e')}
                value={t('refrigerant.co2eValue', { value: formatNumber(body.summary.co2e_tonnes, 1) })}
              />
              <Stat label={t('refrigerant.report.added')} value={formatMass(body.summary.added_kg)} />
            </dl>
            <section aria-labelledby="refrigerant-status">
              <h2 id="refrigerant-status" className="mb-2 text-lg font-semibold">
                {t('refrigerant.report.statusCounts')}
              </h2>
              <ul className="flex flex-wrap gap-3 text-sm">
                {body.summary.by_status.map((s) => (
                  <li key={s.state} className="rounded-md border border-slate-200 px-3 py-1.5 dark:border-slate-700">
                    <span className={STATE_CLASS[s.state]}>{t(`refrigerant.stateName_${s.state}`)}</span>
                    {': '}
                    <span className="tabular-nums">{s.systems}</span>
                  </li>
                ))}
              </ul>
            </section>
            <TableWrap label={t('reports.names.refrigerant.title')}>
              <table className={tableClass}>
                <caption className="sr-only">{t('reports.names.refrigerant.title')}</caption>
                <thead className="bg-slate-50 dark:bg-slate-800">
                  <tr>
                    {cols.map((c) => (
                      <th key={c} scope="col" className={th}>
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                  {body.data.map((r) => (
                    <tr key={`${r.controller_id}-${r.rack_ref}`}>
                      <td className={td}>
                        {r.location_name ?? '—'}
                        <span className="block text-xs text-slate-600 dark:text-slate-300">{r.organization_name}</span>
                      </td>
                      <td className={td}>
                        <Link
                          to="/controllers/$controllerId/view"
                          params={{ controllerId: String(r.controller_id) }}
                          className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
                        >
                          {r.controller_name}
                        </Link>
                        <span className="block text-xs text-slate-600 dark:text-slate-300">
                          {r.rack_name ?? t('refrigerant.rackName', { ref: r.rack_ref })}
                        </span>
                      </td>
                      <td className={td}>
                        {r.refrigerant}
                        <span className="block text-xs text-slate-600 dark:text-slate-300">
                          {formatMass(r.full_charge_kg)}
                        </span>
                      </td>
                      <td className={`${td} tabular-nums`}>{formatNumber(r.co2e_tonnes, 1)} t</td>
                      <td className={`${td} tabular-nums`}>
                        {r.charges > 0 ? (
                          <>
                            {formatMass(r.added_kg)}
                            <span className="block text-xs text-slate-600 dark:text-slate-300">
                              {t('refrigerant.report.charges', { count: r.charges })}
                            </span>
                          </>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td className={`${td} tabular-nums`}>
                        {r.last_leak_rate_percent === null ? '—' : `${formatNumber(r.last_leak_rate_percent, 2)} %`}
                      </td>
                      <td className={`${td} ${STATE_CLASS[r.status.state]}`}>{status(r)}</td>
                      <td className={td}>
                        {r.next_leak_check_due ? formatDay(r.next_leak_check_due) : t('refrigerant.report.noCheck')}
                        {r.next_leak_check_due && r.next_leak_check_due < new Date().toISOString().slice(0, 10) ? (
                          <strong className="block text-xs text-red-800 dark:text-red-300">
                            {t('refrigerant.checkOverdue')}
                          </strong>
                        ) : null}
                      </td>
                      <td className={`${td} tabular-nums`}>
                        {r.leak_alarm_open
                          ? t('refrigerant.report.alarmOpen', { count: r.leak_alarms })
                          : r.leak_alarms}
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
