import type { RefrigerantReportRow } from '@rcm/shared/refrigerant';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/pagination.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { formatDay, formatMass, formatNumber } from '@/lib/format.ts';
import { reportQuery } from '../api/reports.ts';
import { ReportLayout, ReportState, useReportFilters } from '../components/report-layout.tsx';
import { ControllerLink, locationColumn, ReportSection, Stat } from '../components/report-parts.tsx';

const STATE_CLASS: Record<string, string> = {
  ok: 'text-emerald-800 dark:text-emerald-300',
  repair_due: 'font-semibold text-amber-800 dark:text-amber-300',
  overdue: 'font-semibold text-red-800 dark:text-red-300',
  verification_pending: 'font-semibold text-blue-800 dark:text-blue-300',
  verification_overdue: 'font-semibold text-red-800 dark:text-red-300',
};

/** /reports/refrigerant: every refrigeration system in scope with its compliance today. */
export function RefrigerantReportPage() {
  const { t } = useTranslation();
  const [filters, update] = useReportFilters('/reports/refrigerant');
  const report = useQuery(reportQuery('refrigerant', filters));
  const body = report.data;
  const status = (r: RefrigerantReportRow) =>
    t(`refrigerant.state_${r.status.state}`, { date: formatDay(r.status.repair_due_by) });
  return (
    <ReportLayout name="refrigerant" filters={filters} update={update}>
      <ReportState query={report} empty={!body || body.summary.systems === 0}>
        {body ? (
          <>
            <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <Stat label={t('refrigerant.report.systems')} value={body.summary.systems} />
              <Stat
                label={t('refrigerant.report.co2e')}
                value={t('refrigerant.co2eValue', { value: formatNumber(body.summary.co2e_tonnes, 1) })}
              />
              <Stat label={t('refrigerant.report.added')} value={formatMass(body.summary.added_kg)} />
              <Stat
                label={t('refrigerant.report.overdue')}
                value={body.summary.overdue}
                tone={body.summary.overdue > 0 ? 'danger' : undefined}
              />
            </dl>
            <ReportSection title={t('refrigerant.report.statusCounts')}>
              <ul className="flex flex-wrap gap-3 text-sm">
                {body.summary.by_status.map((s) => (
                  <li key={s.state} className="rounded-md border border-slate-200 px-3 py-1.5 dark:border-slate-700">
                    <span className={STATE_CLASS[s.state]}>{t(`refrigerant.stateName_${s.state}`)}</span>
                    {': '}
                    <span className="tabular-nums">{s.systems}</span>
                  </li>
                ))}
              </ul>
            </ReportSection>
            <DataTable
              caption={t('reports.names.refrigerant.title')}
              rows={body.data}
              rowKey={(r) => `${r.controller_id}-${r.rack_ref}`}
              titleColumns={2}
              columns={[
                locationColumn(t('reports.location')),
                {
                  key: 'system',
                  header: t('refrigerant.report.system'),
                  cell: (r) => (
                    <>
                      <ControllerLink id={r.controller_id} name={r.controller_name} />
                      <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
                        {r.rack_name ?? t('refrigerant.rackName', { ref: r.rack_ref })}
                      </span>
                    </>
                  ),
                },
                {
                  key: 'charge',
                  header: t('refrigerant.report.refrigerantCharge'),
                  cell: (r) => (
                    <>
                      {r.refrigerant}
                      <span className="block text-xs text-slate-600 dark:text-slate-300">
                        {formatMass(r.full_charge_kg)}
                      </span>
                    </>
                  ),
                },
                {
                  key: 'co2e',
                  header: t('refrigerant.co2e'),
                  className: 'tabular-nums',
                  cell: (r) => `${formatNumber(r.co2e_tonnes, 1)} t`,
                },
                {
                  key: 'added',
                  header: t('refrigerant.report.addedCol'),
                  className: 'tabular-nums',
                  cell: (r) =>
                    r.charges > 0 ? (
                      <>
                        {formatMass(r.added_kg)}
                        <span className="block text-xs text-slate-600 dark:text-slate-300">
                          {t('refrigerant.report.charges', { count: r.charges })}
                        </span>
                      </>
                    ) : (
                      '—'
                    ),
                },
                {
                  key: 'lastRate',
                  header: t('refrigerant.report.lastRate'),
                  className: 'tabular-nums',
                  cell: (r) =>
                    r.last_leak_rate_percent === null ? '—' : `${formatNumber(r.last_leak_rate_percent, 2)} %`,
                },
                {
                  key: 'status',
                  header: t('refrigerant.report.status'),
                  cell: (r) => <span className={STATE_CLASS[r.status.state]}>{status(r)}</span>,
                },
                {
                  key: 'nextCheck',
                  header: t('refrigerant.report.nextCheck'),
                  cell: (r) => (
                    <>
                      {r.next_leak_check_due ? formatDay(r.next_leak_check_due) : t('refrigerant.report.noCheck')}
                      {r.next_leak_check_due && r.next_leak_check_due < new Date().toISOString().slice(0, 10) ? (
                        <strong className="block text-xs text-red-800 dark:text-red-300">
                          {t('refrigerant.checkOverdue')}
                        </strong>
                      ) : null}
                    </>
                  ),
                },
                {
                  key: 'alarms',
                  header: t('refrigerant.report.alarms'),
                  className: 'tabular-nums',
                  cell: (r) =>
                    r.leak_alarm_open ? t('refrigerant.report.alarmOpen', { count: r.leak_alarms }) : r.leak_alarms,
                },
              ]}
            />
            <Pagination meta={body.meta} onPage={(page) => update({ page })} />
          </>
        ) : null}
      </ReportState>
    </ReportLayout>
  );
}
