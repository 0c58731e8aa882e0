import { PO_STATUSES } from '@rcm/shared/inventory';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/form-field.tsx';
import { EmptyState, Spinner } from '../../../components/page.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { purchaseOrdersQuery } from '../api/purchase-orders.ts';
import { NewOrderDialog } from './new-order-dialog.tsx';
import { OrderDetailDialog } from './order-detail-dialog.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';

const money = (v: number) => v.toLocaleString(undefined, { style: 'currency', currency: 'USD' });

/** Purchase orders: newest first, filtered by status, opened in a dialog to send or receive. */
export function OrdersPanel(props: { canEdit: boolean }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useQuery(purchaseOrdersQuery(status || undefined, page));
  const rows = list.data?.data ?? [];

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <label className="block min-w-48 text-xs font-medium text-slate-600 dark:text-slate-300">
          {t('inventory.orders.status')}
          <select
            className={inputClass}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('inventory.orders.anyStatus')}</option>
            {PO_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`inventory.orders.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {props.canEdit ? (
          <button
            type="button"
            onClick={() => setCreating(true)}
            className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
          >
            {t('inventory.orders.fromLowStock')}
          </button>
        ) : null}
      </div>
      <div className="mt-4">
        {list.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : list.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {t('inventory.orders.loadError')}
          </p>
        ) : rows.length === 0 ? (
          <EmptyState title={t('inventory.orders.emptyTitle')} body={t('inventory.orders.emptyBody')} />
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
            <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
              <caption className="sr-only">{t('inventory.orders.table')}</caption>
              <thead className="bg-slate-50 text-left dark:bg-slate-800">
                <tr>
                  {['number', 'status', 'supplier', 'location', 'lines', 'total', 'created', 'received'].map((k) => (
                    <th key={k} scope="col" className="px-3 py-2 font-semibold">
                      {t(`inventory.orders.${k}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {rows.map((po) => (
                  <tr key={po.id}>
                    <td className="px-3 py-2">
                      <button
                        type="button"
                        onClick={() => setOpenId(po.id)}
                        aria-label={t('inventory.orders.view', { number: po.number })}
                        className="font-mono font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
                      >
                        {po.number}
                      </button>
                    </td>
                    <td className="px-3 py-2">
                      <OrderStatusBadge status={po.status} />
                    </td>
                    <td className="px-3 py-2">{po.supplier.code}</td>
                    <td className="px-3 py-2">
                      {po.location.name}
                      <span className="block text-xs text-slate-600 dark:text-slate-300">{po.organisation.name}</span>
                    </td>
                    <td className="px-3 py-2 tabular-nums">{po.line_count}</td>
                    <td className="px-3 py-2 tabular-nums">{money(po.total)}</td>
                    <td className="px-3 py-2">{formatDateTime(po.created_at)}</td>
                    <td className="px-3 py-2">{formatDateTime(po.received_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {list.data && list.data.meta.total > 0 ? (
        <div className="mt-4">
          <Pagination
            page={list.data.meta.page}
            lastPage={list.data.meta.last_page}
            total={list.data.meta.total}
            onPage={setPage}
          />
        </div>
      ) : null}
      <NewOrderDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          setOpenId(id);
        }}
      />
      <OrderDetailDialog id={openId} canEdit={props.canEdit} onClose={() => setOpenId(null)} />
    </div>
  );
}
