import type { ManualOnEpisode, ManualOnNow } from '@rcm/shared/reports';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/pagination.tsx';
import { amountColumn, DataTable } from '@/components/ui/data-table.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { reportQuery } from '../api/reports.ts';
import { BarChart } from '../components/bar-chart.tsx';
import { duration } from '../components/format.ts';
import { ReportLayout, ReportState, useReportFilters } from '../components/report-layout.tsx';
import { locationColumn, ReportSection, Stat } from '../components/report-parts.tsx';

/** /reports/rack_manually_on: racks manually on now, and the periods they were over the range. */
export function RackManuallyOnPage() {
  const { t } = useTranslation();
  const [filters, update] = useReportFilters('/reports/rack_manually_on');
  const report = useQuery(reportQuery('rack_manually_on', filters));
  const body = report.data;
  return (
    <ReportLayout name="rack_manually_on" filters={filters} update={update}>
      <ReportState query={report} empty={!body || (body.summary.episodes === 0 && body.summary.now.length === 0)}>
        {body ? (
          <>
            <dl className="grid gap-3 sm:grid-cols-3">
              <Stat label={t('reports.manual.nowCount')} value={body.summary.now.length} />
              <Stat label={t('reports.manual.episodes')} value={body.summary.episodes} />
              <Stat label={t('reports.manual.timeInRange')} value={duration(body.summary.seconds_in_range)} />
            </dl>
            <ReportSection title={t('reports.manual.now')}>
              {body.summary.now.length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-300">{t('reports.manual.noneNow')}</p>
              ) : (
                <DataTable
                  caption={t('reports.manual.now')}
                  rows={body.summary.now}
                  rowKey={(r) => `${r.controller_id}-${r.point}`}
                  columns={[
                    locationColumn(t('reports.location')),
                    {
                      key: 'rack',
                      header: t('reports.manual.rack'),
                      cell: (r) => (
                        <>
                          {r.rack_name ?? t('controllers.rack', { ref: r.rack_ref })}
                          <span className="block text-xs text-slate-600 dark:text-slate-300">{r.controller_name}</span>
                        </>
                      ),
                    },
                    { key: 'point', header: t('reports.manual.point'), cell: (r) => r.point_name ?? r.point },
                    { key: 'since', header: t('reports.manual.since'), cell: (r) => formatDateTime(r.since) },
                    amountColumn('for', t('reports.manual.for'), (r: ManualOnNow) => duration(r.seconds)),
                  ]}
                />
              )}
            </ReportSection>
            {body.summary.by_location.length > 0 ? (
              <BarChart
                title={t('reports.manual.byLocation')}
                bars={body.summary.by_location.map((l) => ({
                  label: l.location_name ?? l.organization_name,
                  value: l.seconds_in_range,
                  display: `${duration(l.seconds_in_range)} (${l.episodes})`,
                }))}
              />
            ) : null}
            <ReportSection title={t('reports.manual.episodesTitle')}>
              {body.data.length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-300">{t('reports.manual.noEpisodes')}</p>
              ) : (
                <DataTable
                  caption={t('reports.manual.episodesTitle')}
                  rows={body.data}
                  rowKey={(r) => `${r.controller_id}-${r.point}-${r.since}`}
                  columns={[
                    locationColumn(t('reports.location')),
                    {
                      key: 'rack',
                      header: t('reports.manual.rack'),
                      cell: (r) => (
                        <>
                          {r.rack_name ?? t('controllers.rack', { ref: r.rack_ref })} · {r.point_name ?? r.point}
                          <span className="block text-xs text-slate-600 dark:text-slate-300">{r.controller_name}</span>
                        </>
                      ),
                    },
                    { key: 'since', header: t('reports.manual.since'), cell: (r) => formatDateTime(r.since) },
                    {
                      key: 'until',
                      header: t('reports.manual.until'),
                      cell: (r) => (r.until ? formatDateTime(r.until) : t('reports.manual.ongoing')),
                    },
                    {
                      key: 'lastReading',
                      header: t('reports.manual.lastReading'),
                      cell: (r) => formatDateTime(r.last_reading_at),
                    },
                    amountColumn('for', t('reports.manual.for'), (r: ManualOnEpisode) => duration(r.seconds)),
                    amountColumn('inRange', t('reports.manual.inRange'), (r: ManualOnEpisode) =>
                      duration(r.seconds_in_range),
                    ),
                  ]}
                />
              )}
            </ReportSection>
            <Pagination meta={body.meta} onPage={(page) => update({ page })} />
            <p className="text-xs text-slate-600 dark:text-slate-300">{t('reports.manual.source')}</p>
          </>
        ) : null}
      </ReportState>
    </ReportLayout>
  );
}
