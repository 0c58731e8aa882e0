import { PO_STATUSES } from '@rcm/shared/inventory';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '@/components/form-field.tsx';
import { Pagination } from '@/components/pagination.tsx';
import { linkClass, primaryButton } from '@/components/ui/button.ts';
import { DataTable } from '@/components/ui/data-table.tsx';
import { Options } from '@/components/ui/form.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { purchaseOrdersQuery } from '../api/purchase-orders.ts';
import { money } from '../format.ts';
import { NewOrderDialog } from './new-order-dialog.tsx';
import { OrderDetailDialog } from './order-detail-dialog.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';

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
            <Options values={PO_STATUSES} label={(s) => t(`inventory.orders.statuses.${s}`)} />
          </select>
        </label>
        {props.canEdit ? (
          <button type="button" onClick={() => setCreating(true)} className={primaryButton}>
            {t('inventory.orders.fromLowStock')}
          </button>
        ) : null}
      </div>
      <div className="mt-4">
        <DataTable
          caption={t('inventory.orders.table')}
          rows={rows}
          rowKey={(po) => po.id}
          titleColumns={2}
          query={list}
          errorLabel={t('inventory.orders.loadError')}
          emptyTitle={t('inventory.orders.emptyTitle')}
          emptyBody={t('inventory.orders.emptyBody')}
          columns={[
            {
              key: 'number',
              header: t('inventory.orders.number'),
              cell: (po) => (
                <button
                  type="button"
                  onClick={() => setOpenId(po.id)}
                  aria-label={t('inventory.orders.view', { number: po.number })}
                  className={`font-mono ${linkClass}`}
                >
                  {po.number}
                </button>
              ),
            },
            {
              key: 'status',
              header: t('inventory.orders.status'),
              cell: (po) => <OrderStatusBadge status={po.status} />,
            },
            { key: 'supplier', header: t('inventory.orders.supplier'), cell: (po) => po.supplier.code },
            {
              key: 'location',
              header: t('inventory.orders.location'),
              cell: (po) => (
                <>
                  {po.location.name}
                  <span className="block text-xs text-slate-600 dark:text-slate-300">{po.organisation.name}</span>
                </>
              ),
            },
            {
              key: 'lines',
              header: t('inventory.orders.lines'),
              className: 'tabular-nums',
              cell: (po) => po.line_count,
            },
            {
              key: 'total',
              header: t('inventory.orders.total'),
              className: 'tabular-nums',
              cell: (po) => money(po.total),
            },
            { key: 'created', header: t('inventory.orders.created'), cell: (po) => formatDateTime(po.created_at) },
            { key: 'received', header: t('inventory.orders.received'), cell: (po) => formatDateTime(po.received_at) },
          ]}
        />
      </div>
      {list.data && list.data.meta.total > 0 ? (
        <div className="mt-4">
          <Pagination meta={list.data.meta} onPage={setPage} />
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
