import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/page.tsx';
import { dangerButton, primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { failureMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { inventoryKeys, purchaseOrderKeys } from '../api/keys.ts';
import {
  advancePurchaseOrder,
  discardPurchaseOrder,
  downloadOrderPdf,
  purchaseOrderQuery,
} from '../api/purchase-orders.ts';
import { money } from '../format.ts';
import { OrderEmails } from './order-emails.tsx';
import { OrderLinesTable } from './order-lines.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';

/**
 * One order with its lines and the emails that sent it; draft → sent (its PDF emailed to the supplier,
 * after a confirmation) → received, for those who may edit inventory.
 */
export function OrderDetailDialog(props: { id: number | null; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const order = useQuery({
    ...purchaseOrderQuery(props.id ?? 0),
    enabled: props.id !== null,
    // A queued email is delivered within seconds: follow it while the dialog is open.
    refetchInterval: (q) => (q.state.data?.emails.some((e) => e.status === 'queued') ? 3000 : false),
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const po = order.data;
  const advance = useApiMutation({
    mutationFn: (step: { id: number; number: string; action: 'receive' | 'send' }) =>
      advancePurchaseOrder(step.id, step.action),
    // Receiving adds the lines to the stock.
    invalidates: (_, step) =>
      step.action === 'receive' ? [purchaseOrderKeys.all, inventoryKeys.all] : [purchaseOrderKeys.all],
    onSuccess: (_, step) =>
      toast.success(
        t(step.action === 'receive' ? 'inventory.orders.receivedDone' : 'inventory.orders.sentDone', {
          number: step.number,
        }),
      ),
  });
  const discard = useApiMutation({
    mutationFn: async (order: { id: number; number: string }) => {
      await discardPurchaseOrder(order.id);
      props.onClose();
      queryClient.removeQueries({ queryKey: purchaseOrderKeys.detail(order.id) });
    },
    invalidates: [purchaseOrderKeys.lists],
    onSuccess: (_, order) => toast.success(t('inventory.orders.discarded', { number: order.number })),
  });

  async function receive() {
    if (!po) return;
    setBusy(true);
    setError(null);
    try {
      await advance.run({ id: po.id, number: po.number, action: 'receive' });
    } catch (err) {
      setError(failureMessage(err, t('errors.network')));
    } finally {
      setBusy(false);
    }
  }

  async function pdf() {
    if (!po) return;
    try {
      await downloadOrderPdf(po.id, po.number);
    } catch {
      toast.error(t('inventory.orders.downloadFailed'));
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
          <OrderLinesTable
            caption={t('inventory.orders.lines')}
            className="overflow-x-auto"
            columns={[
              { label: t('inventory.orders.item') },
              { label: t('inventory.quantity'), numeric: true },
              { label: t('inventory.unitPrice'), numeric: true },
              { label: t('inventory.orders.lineTotal'), numeric: true },
            ]}
            footer={
              <tr className="border-t border-slate-200 font-semibold dark:border-slate-700">
                <th scope="row" colSpan={3} className="px-2 py-1 text-right">
                  {t('inventory.orders.total')}
                </th>
                <td className="px-2 py-1 text-right tabular-nums">{money(po.total)}</td>
              </tr>
            }
          >
            {po.lines.map((l) => (
              <tr key={l.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className="px-2 py-1">
                  {l.product_name} <span className="font-mono text-xs">{l.part_number}</span>
                  {l.archived ? (
                    <span className="ml-1 text-xs text-slate-600 dark:text-slate-300">{t('inventory.archived')}</span>
                  ) : null}
                </td>
                <td className="px-2 py-1 text-right tabular-nums">{l.quantity}</td>
                <td className="px-2 py-1 text-right tabular-nums">{money(l.unit_price)}</td>
                <td className="px-2 py-1 text-right tabular-nums">{money(l.total)}</td>
              </tr>
            ))}
          </OrderLinesTable>
          <OrderEmails emails={po.emails} />
          {props.canEdit && po.status === 'draft' && !po.supplier_email ? (
            <p className="rounded-md bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              {t('inventory.orders.noSupplierEmail', { supplier: po.supplier.name })}
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-100">
              {error}
            </p>
          ) : null}
        </div>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" onClick={props.onClose} className={secondaryButton}>
          {t('inventory.orders.close')}
        </button>
        {po ? (
          <button type="button" onClick={() => void pdf()} className={secondaryButton}>
            {t('inventory.orders.downloadPdf')}
          </button>
        ) : null}
        {props.canEdit && po?.status === 'draft' ? (
          <button type="button" onClick={() => setDiscarding(true)} className={dangerButton}>
            {t('inventory.orders.discard')}
          </button>
        ) : null}
        {props.canEdit && po?.status === 'draft' ? (
          <button
            type="button"
            disabled={!po.supplier_email}
            onClick={() => setSending(true)}
            className={primaryButton}
          >
            {t('inventory.orders.send')}
          </button>
        ) : null}
        {props.canEdit && po?.status === 'sent' ? (
          <button type="button" disabled={busy} onClick={() => void receive()} className={primaryButton}>
            {t('inventory.orders.receive')}
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={sending}
        onClose={() => setSending(false)}
        title={t('inventory.orders.sendTitle', { number: po?.number ?? '', supplier: po?.supplier.name ?? '' })}
        body={t('inventory.orders.sendBody', { email: po?.supplier_email ?? '' })}
        confirmLabel={t('inventory.orders.sendConfirm')}
        onConfirm={async () => {
          if (po) await advance.run({ id: po.id, number: po.number, action: 'send' });
        }}
      />
      <ConfirmDialog
        open={discarding}
        onClose={() => setDiscarding(false)}
        title={t('inventory.orders.discardTitle', { number: po?.number ?? '' })}
        body={t('inventory.orders.discardBody')}
        confirmLabel={t('inventory.orders.discardConfirm')}
        destructive
        onConfirm={async () => {
          if (po) await discard.run(po);
        }}
      />
    </Modal>
  );
}
