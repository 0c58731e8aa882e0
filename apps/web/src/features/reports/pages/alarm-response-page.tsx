import { ALARM_SEVERITIES, type AlarmResponseRow } from '@rcm/shared/reports';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SeverityBadge } from '@/components/badges.tsx';
import { Pagination } from '@/components/pagination.tsx';
import { amountColumn, DataTable } from '@/components/ui/data-table.tsx';
import { FilterSelect } from '@/components/ui/filter-controls.tsx';
import { reportQuery } from '../api/reports.ts';
import { BarChart } from '../components/bar-chart.tsx';
import { duration } from '../components/format.ts';
import { ReportLayout, ReportState, useReportFilters } from '../components/report-layout.tsx';
import { locationColumn, Stat } from '../components/report-parts.tsx';

/** /reports/alarm_response: time to acknowledge and to clear, by organization, location, type and severity. */
export function AlarmResponsePage() {
  const { t, i18n } = useTranslation();
  const [filters, update] = useReportFilters('/reports/alarm_response');
  const report = useQuery(reportQuery('alarm_response', filters));
  const body = report.data;
  const es = i18n.language.startsWith('es');
  return (
    <ReportLayout
      name="alarm_response"
      filters={filters}
      update={update}
      fields={
        <FilterSelect
          label={t('reports.response.severity')}
          value={filters.severity ?? ''}
          onChange={(v) => update({ severity: v || undefined })}
          options={[
            ['', t('reports.response.anySeverity')],
            ...ALARM_SEVERITIES.map((s) => [s, t(`severity.${s}`)] as [string, string]),
          ]}
        />
      }
    >
      <ReportState query={report} empty={!body || body.summary.alarms === 0}>
        {body ? (
          <>
            <dl className="grid gap-3 sm:grid-cols-4">
              <Stat label={t('reports.response.alarms')} value={body.summary.alarms} />
            </dl>
            <div className="grid gap-4 lg:grid-cols-2">
              <BarChart
                title={t('reports.response.ackChart')}
                bars={body.summary.by_severity.map((s) => ({
                  label: t(`severity.${s.severity}`),
                  value: s.ack_median ?? 0,
                  display: `${duration(s.ack_median)} · p90 ${duration(s.ack_p90)}`,
                }))}
              />
              <BarChart
                title={t('reports.response.clearChart')}
                bars={body.summary.by_severity.map((s) => ({
                  label: t(`severity.${s.severity}`),
                  value: s.clear_median ?? 0,
                  display: `${duration(s.clear_median)} · p90 ${duration(s.clear_p90)}`,
                }))}
              />
            </div>
            <DataTable
              caption={t('reports.names.alarm_response.title')}
              rows={body.data}
              rowKey={(r) => `${r.organization_name}-${r.location_id}-${r.alarm_type}-${r.severity}`}
              titleColumns={2}
              columns={[
                locationColumn(t('reports.location')),
                {
                  key: 'type',
                  header: t('reports.response.type'),
                  cell: (r) => (es ? r.alarm_type_name_es : r.alarm_type_name),
                },
                {
                  key: 'severity',
                  header: t('reports.response.severity'),
                  cell: (r) => <SeverityBadge severity={r.severity} />,
                },
                amountColumn('alarms', t('reports.response.alarms'), (r: AlarmResponseRow) => (
                  <>
                    {r.alarms}
                    <span className="block text-xs text-slate-600 dark:text-slate-300">
                      {t('reports.response.ackCleared', { acknowledged: r.acknowledged, cleared: r.cleared })}
                    </span>
                  </>
                )),
                amountColumn('ackMedian', t('reports.response.ackMedian'), (r: AlarmResponseRow) =>
                  duration(r.ack_median),
                ),
                amountColumn('ackP90', t('reports.response.ackP90'), (r: AlarmResponseRow) => duration(r.ack_p90)),
                amountColumn('clearMedian', t('reports.response.clearMedian'), (r: AlarmResponseRow) =>
                  duration(r.clear_median),
                ),
                amountColumn('clearP90', t('reports.response.clearP90'), (r: AlarmResponseRow) =>
                  duration(r.clear_p90),
                ),
              ]}
            />
            <Pagination meta={body.meta} onPage={(page) => update({ page })} />
          </>
        ) : null}
      </ReportState>
    </ReportLayout>
  );
}
