import { type InventoryItem, suggestedOrderQuantity } from '@rcm/shared/inventory';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '@/components/form-field.tsx';
import { Spinner } from '@/components/page.tsx';
import { primaryButton } from '@/components/ui/button.ts';
import { Modal } from '@/components/ui/modal.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { needsReorderQuery } from '../api/inventory.ts';
import { purchaseOrderKeys } from '../api/keys.ts';
import { createPurchaseOrder, orderOptionsQuery } from '../api/purchase-orders.ts';
import { money } from '../format.ts';
import { type DraftLine, DraftLineRow, OrderLinesTable } from './order-lines.tsx';

/**
 * A draft order for one location to a supplier (URI unless another is chosen), prefilled with that
 * organization's low and out-of-stock items.
 */
export function NewOrderDialog(props: { open: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const createOrder = useApiMutation({
    mutationFn: createPurchaseOrder,
    invalidates: [purchaseOrderKeys.all],
    onSuccess: (po) => {
      toast.success(t('inventory.orders.draftCreated', { number: po.number }));
      props.onCreated(po.id);
    },
  });
  const options = useQuery({ ...orderOptionsQuery(), enabled: props.open });
  const low = useQuery({ ...needsReorderQuery(), enabled: props.open });
  const [locationId, setLocationId] = useState('');
  const [supplierId, setSupplierId] = useState('');
  const [notes, setNotes] = useState('');
  const [lines, setLines] = useState<Record<number, DraftLine>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const locations = options.data?.locations ?? [];
  const location = locations.find((l) => String(l.id) === locationId) ?? locations[0];
  const items: InventoryItem[] = (low.data ?? []).filter((i) => i.organisation.id === location?.organization_id);

  // Every low item is ordered by default, enough to restock it; the user may untick or change a line.
  const lineOf = (i: InventoryItem): DraftLine =>
    lines[i.id] ?? { include: true, quantity: String(suggestedOrderQuantity(i.quantity, i.reorder_level)) };

  const chosen = items.filter((i) => lineOf(i).include);
  const total = chosen.reduce((sum, i) => sum + i.unit_price * Number(lineOf(i).quantity || 0), 0);

  async function create() {
    if (!location) return;
    if (chosen.length === 0) return setError(t('inventory.orders.pickOne'));
    setBusy(true);
    setError(null);
    try {
      await createOrder.run({
        location_id: location.id,
        ...(supplierId ? { supplier_id: Number(supplierId) } : {}),
        notes,
        lines: chosen.map((i) => ({ item_id: i.id, quantity: Number(lineOf(i).quantity) })),
      });
    } catch (err) {
      setError(
        err instanceof ApiError ? [err.message, ...err.fields.map((f) => f.message)].join(' ') : t('errors.generic'),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={props.open} onClose={props.onClose} title={t('inventory.orders.newTitle')} wide>
      <p className="text-sm text-slate-700 dark:text-slate-200">{t('inventory.orders.newHelp')}</p>
      {options.isPending || low.isPending ? (
        <div className="mt-4">
          <Spinner label={t('common.loading')} />
        </div>
      ) : (
        <div className="mt-4 space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <label className="block text-sm font-medium">
              {t('inventory.orders.chooseLocation')}
              <select
                className={inputClass}
                value={String(location?.id ?? '')}
                onChange={(e) => setLocationId(e.target.value)}
              >
                {locations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name} · {l.organization_name}
                  </option>
                ))}
              </select>
            </label>
            <label className="block text-sm font-medium">
              {t('inventory.orders.chooseSupplier')}
              <select className={inputClass} value={supplierId} onChange={(e) => setSupplierId(e.target.value)}>
                {(options.data?.suppliers ?? []).map((s, i) => (
                  <option key={s.id} value={i === 0 ? '' : s.id}>
                    {s.name} ({s.code})
                  </option>
                ))}
              </select>
            </label>
          </div>
          {items.length === 0 ? (
            <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm dark:border-slate-600">
              {t('inventory.orders.noLowStock')}
            </p>
          ) : (
            <OrderLinesTable
              caption={t('inventory.orders.newTitle')}
              className="max-h-80 overflow-auto"
              columns={[
                { label: t('inventory.orders.item') },
                { label: t('inventory.availability') },
                { label: t('inventory.quantity') },
                { label: t('inventory.unitPrice') },
              ]}
            >
              {items.map((i) => (
                <DraftLineRow
                  key={i.id}
                  item={i}
                  line={lineOf(i)}
                  onChange={(line) => setLines({ ...lines, [i.id]: line })}
                />
              ))}
            </OrderLinesTable>
          )}
          <label className="block text-sm font-medium">
            {t('inventory.orders.notes')}
            <textarea
              className={inputClass}
              rows={2}
              maxLength={1000}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
          </label>
          <p className="text-right text-sm font-semibold tabular-nums">
            {t('inventory.orders.total')}: {money(total)}
          </p>
          {error ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100">
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
          {t('inventory.cancel')}
        </button>
        <button
          type="button"
          disabled={busy || items.length === 0}
          onClick={() => void create()}
          className={primaryButton}
        >
          {busy ? t('inventory.orders.creating') : t('inventory.orders.createDraft')}
        </button>
      </div>
    </Modal>
  );
}
