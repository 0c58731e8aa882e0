import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Spinner } from '../../../components/page.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { advancePurchaseOrder, purchaseOrderQuery } from '../api/purchase-orders.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';

const money = (v: number) => v.toLocaleString(undefined, { style: 'currency', currency: 'USD' });

/** One order with its lines; draft → sent → received for those who may edit inventory. */
export function OrderDetailDialog(props: { id: number | null; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const order = useQuery({ ...purchaseOrderQuery(props.id ?? 0), enabled: props.id !== null });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const po = order.data;

  async function advance(action: 'send' | 'receive') {
    if (!po) return;
    setBusy(true);
    setError(null);
    try {
      await advancePurchaseOrder(po.id, action);
      await queryClient.invalidateQueries({ queryKey: ['purchase-orders'] });
      if (action === 'receive') await queryClient.invalidateQueries({ queryKey: ['inventory'] });
      toast.success(
        t(action === 'send' ? 'inventory.orders.sentDone' : 'inventory.orders.receivedDone', { number: po.number }),
      );
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={props.id !== null}
      onClose={props.onClose}
      title={po ? t('inventory.orders.detailTitle', { number: po.number }) : t('common.loading')}
      wide
    >
      {!po ? (
        order.isError ? (
          <p role="alert">{t('inventory.orders.loadError')}</p>
        ) : (
          <Spinner label={t('common.loading')} />
        )
      ) : (
        <div className="space-y-4 text-sm">
          <dl className="grid gap-3 sm:grid-cols-3">
            <div>
              <dt className="font-medium text-slate-600 dark:text-slate-300">{t('inventory.orders.status')}</dt>
              <dd>
                <OrderStatusBadge status={po.status} />
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600 dark:text-slate-300">{t('inventory.orders.supplier')}</dt>
              <dd>
                {po.supplier.name} ({po.supplier.code})
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600 dark:text-slate-300">{t('inventory.orders.location')}</dt>
              <dd>
                {po.location.name} · {po.organisation.name}
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600 dark:text-slate-300">{t('inventory.orders.created')}</dt>
              <dd>{formatDateTime(po.created_at)}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600 dark:text-slate-300">{t('inventory.orders.ordered')}</dt>
              <dd>{formatDateTime(po.ordered_at)}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600 dark:text-slate-300">{t('inventory.orders.received')}</dt>
              <dd>{formatDateTime(po.received_at)}</dd>
            </div>
          </dl>
          {po.notes ? <p className="whitespace-pre-wrap">{po.notes}</p> : null}
          <div className="overflow-x-auto rounded border border-slate-200 dark:border-slate-700">
            <table className="min-w-full">
              <caption className="sr-only">{t('inventory.orders.lines')}</caption>
              <thead className="bg-slate-50 text-left dark:bg-slate-800">
                <tr>
                  <th scope="col" className="px-2 py-1">
                    {t('inventory.orders.item')}
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    {t('inventory.quantity')}
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    {t('inventory.unitPrice')}
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    {t('inventory.orders.lineTotal')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {po.lines.map((l) => (
                  <tr key={l.id} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="px-2 py-1">
                      {l.product_name} <span className="font-mono text-xs">{l.part_number}</span>
                    </td>
                    <td className="px-2 py-1 text-right tabular-nums">{l.quantity}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{money(l.unit_price)}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{money(l.total)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t border-slate-200 font-semibold dark:border-slate-700">
                  <th scope="row" colSpan={3} className="px-2 py-1 text-right">
                    {t('inventory.orders.total')}
                  </th>
                  <td className="px-2 py-1 text-right tabular-nums">{money(po.total)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
          {error ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-100">
              {error}
            </p>
          ) : null}
        </div>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <button
          type="button"
          onClick={props.onClose}
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium dark:border-slate-600"
        >
          {t('inventory.orders.close')}
        </button>
        {props.canEdit && po && po.status !== 'received' ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void advance(po.status === 'draft' ? 'send' : 'receive')}
            className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
          >
            {po.status === 'draft' ? t('inventory.orders.send') : t('inventory.orders.receive')}
          </button>
        ) : null}
      </div>
    </Modal>
  );
}
