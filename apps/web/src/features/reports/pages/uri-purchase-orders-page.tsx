import { PO_STATUSES, type UriPurchaseOrderRow } from '@rcm/shared/reports';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/pagination.tsx';
import { amountColumn, DataTable } from '@/components/ui/data-table.tsx';
import { FilterSelect } from '@/components/ui/filter-controls.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { reportQuery } from '../api/reports.ts';
import { BarChart } from '../components/bar-chart.tsx';
import { money } from '../components/format.ts';
import { ReportLayout, ReportState, useReportFilters } from '../components/report-layout.tsx';
import { locationColumn, Stat } from '../components/report-parts.tsx';

/** /reports/uri_purchase_orders: orders placed with URI, by range, location and status, with totals. */
export function UriPurchaseOrdersPage() {
  const { t, i18n } = useTranslation();
  const [filters, update] = useReportFilters('/reports/uri_purchase_orders');
  const report = useQuery(reportQuery('uri_purchase_orders', filters));
  const body = report.data;
  const lang = i18n.language;
  return (
    <ReportLayout
      name="uri_purchase_orders"
      filters={filters}
      update={update}
      fields={
        <FilterSelect
          label={t('reports.status')}
          value={filters.status ?? ''}
          onChange={(v) => update({ status: v || undefined })}
          options={[
            ['', t('reports.anyStatus')],
            ...PO_STATUSES.map((s) => [s, t(`reports.poStatus.${s}`)] as [string, string]),
          ]}
        />
      }
    >
      <ReportState query={report} empty={!body || body.summary.orders === 0}>
        {body ? (
          <>
            <dl className="grid gap-3 sm:grid-cols-4">
              <Stat label={t('reports.uri.orders')} value={body.summary.orders} />
              <Stat label={t('reports.uri.total')} value={money(body.summary.total_cents, lang)} />
              {body.summary.by_status.map((s) => (
                <Stat
                  key={s.status}
                  label={t(`reports.poStatus.${s.status}`)}
                  value={`${s.orders} · ${money(s.total_cents, lang)}`}
                />
              ))}
            </dl>
            <BarChart
              title={t('reports.uri.byMonth')}
              bars={body.summary.by_month.map((m) => ({
                label: m.month,
                value: m.total_cents,
                display: `${money(m.total_cents, lang)} (${m.orders})`,
              }))}
            />
            <DataTable
              caption={t('reports.names.uri_purchase_orders.title')}
              rows={body.data}
              rowKey={(r) => r.id}
              titleColumns={2}
              columns={[
                { key: 'number', header: t('reports.uri.number'), className: 'font-medium', cell: (r) => r.number },
                { key: 'placedAt', header: t('reports.uri.placedAt'), cell: (r) => formatDateTime(r.placed_at) },
                { key: 'status', header: t('reports.status'), cell: (r) => t(`reports.poStatus.${r.status}`) },
                locationColumn(t('reports.location')),
                amountColumn('lines', t('reports.uri.lines'), (r: UriPurchaseOrderRow) => r.lines),
                amountColumn('units', t('reports.uri.units'), (r: UriPurchaseOrderRow) => r.units),
                amountColumn('total', t('reports.uri.total'), (r: UriPurchaseOrderRow) => money(r.total_cents, lang)),
              ]}
            />
            <Pagination meta={body.meta} onPage={(page) => update({ page })} />
          </>
        ) : null}
      </ReportState>
    </ReportLayout>
  );
}
