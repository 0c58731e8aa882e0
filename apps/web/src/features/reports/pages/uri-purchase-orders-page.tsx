import { PO_STATUSES } from '@rcm/shared/reports';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/pagination.tsx';
import { reportQuery } from '../api/reports.ts';
import { BarChart } from '../components/bar-chart.tsx';
import { dateTime, money } from '../components/format.ts';
import {
  ReportLayout,
  ReportState,
  SelectFilter,
  Stat,
  TableWrap,
  tableClass,
  td,
  th,
  useReportFilters,
} from '../components/report-layout.tsx';

/** /reports/uri_purchase_orders: orders placed with URI, by range, location and status, with totals. */
export function UriPurchaseOrdersPage() {
  const { t, i18n } = useTranslation();
  const [filters, update] = useReportFilters();
  const report = useQuery(reportQuery('uri_purchase_orders', filters));
  const body = report.data;
  const lang = i18n.language;
  return (
    <ReportLayout
      name="uri_purchase_orders"
      filters={filters}
      update={update}
      fields={
        <SelectFilter
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
              <Stat label={t('reports.uri.orders')} value={String(body.summary.orders)} />
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
            <TableWrap label={t('reports.names.uri_purchase_orders.title')}>
              <table className={tableClass}>
                <caption className="sr-only">{t('reports.names.uri_purchase_orders.title')}</caption>
                <thead className="bg-slate-50 dark:bg-slate-800">
                  <tr>
                    <th scope="col" className={th}>
                      {t('reports.uri.number')}
                    </th>
                    <th scope="col" className={th}>
                      {t('reports.uri.placedAt')}
                    </th>
                    <th scope="col" className={th}>
                      {t('reports.status')}
                    </th>
                    <th scope="col" className={th}>
                      {t('reports.location')}
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      {t('reports.uri.lines')}
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      {t('reports.uri.units')}
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      {t('reports.uri.total')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                  {body.data.map((r) => (
                    <tr key={r.id}>
                      <td className={`${td} font-medium`}>{r.number}</td>
                      <td className={td}>{dateTime(r.placed_at, lang)}</td>
                      <td className={td}>{t(`reports.poStatus.${r.status}`)}</td>
                      <td className={td}>
                        {r.location_name}
                        <span className="block text-xs text-slate-600 dark:text-slate-300">{r.organization_name}</span>
                      </td>
                      <td className={`${td} text-right tabular-nums`}>{r.lines}</td>
                      <td className={`${td} text-right tabular-nums`}>{r.units}</td>
                      <td className={`${td} text-right tabular-nums`}>{money(r.total_cents, lang)}</td>
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
