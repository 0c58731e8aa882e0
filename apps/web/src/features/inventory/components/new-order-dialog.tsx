import { type InventoryItem, suggestedOrderQuantity } from '@rcm/shared/inventory';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { inputClass } from '../../../components/form-field.tsx';
import { Spinner } from '../../../components/page.tsx';
import { primaryButton } from '../../../components/ui/button.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { needsReorderQuery } from '../api/inventory.ts';
import { createPurchaseOrder, orderOptionsQuery } from '../api/purchase-orders.ts';
import { AvailabilityBadge } from './availability-badge.tsx';

type Line = { include: boolean; quantity: string };

const money = (v: number) => v.toLocaleString(undefined, { style: 'currency', currency: 'USD' });

/**
 * A draft order for one location to a supplier (URI unless another is chosen), prefilled with that
 * organization's low and out-of-stock items.
 */
export function NewOrderDialog(props: { open: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const options = useQuery({ ...orderOptionsQuery(), enabled: props.open });
  const low = useQuery({ ...needsReorderQuery(), enabled: props.open });
  const [locationId, setLocationId] = useState('');
  const [supplierId, setSupplierId] = useState('');
  const [notes, setNotes] = useState('');
  const [lines, setLines] = useState<Record<number, Line>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const locations = options.data?.locations ?? [];
  const location = locations.find((l) => String(l.id) === locationId) ?? locations[0];
  const items: InventoryItem[] = (low.data ?? []).filter((i) => i.organisation.id === location?.organization_id);

  // Every low item is ordered by default, enough to restock it; the user may untick or change a line.
  const lineOf = (i: InventoryItem): Line =>
    lines[i.id] ?? { include: true, quantity: String(suggestedOrderQuantity(i.quantity, i.reorder_level)) };

  const chosen = items.filter((i) => lineOf(i).include);
  const total = chosen.reduce((sum, i) => sum + i.unit_price * Number(lineOf(i).quantity || 0), 0);

  async function create() {
    if (!location) return;
    if (chosen.length === 0) return setError(t('inventory.orders.pickOne'));
    setBusy(true);
    setError(null);
    try {
      const po = await createPurchaseOrder({
        location_id: location.id,
        ...(supplierId ? { supplier_id: Number(supplierId) } : {}),
        notes,
        lines: chosen.map((i) => ({ item_id: i.id, quantity: Number(lineOf(i).quantity) })),
      });
      await queryClient.invalidateQueries({ queryKey: ['purchase-orders'] });
      toast.success(t('inventory.orders.draftCreated', { number: po.number }));
      props.onCreated(po.id);
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
            <div className="max-h-80 overflow-auto rounded border border-slate-200 dark:border-slate-700">
              <table className="min-w-full text-sm">
                <caption className="sr-only">{t('inventory.orders.newTitle')}</caption>
                <thead className="bg-slate-50 text-left dark:bg-slate-800">
                  <tr>
                    <th scope="col" className="px-2 py-1">
                      {t('inventory.orders.item')}
                    </th>
                    <th scope="col" className="px-2 py-1">
                      {t('inventory.availability')}
                    </th>
                    <th scope="col" className="px-2 py-1">
                      {t('inventory.quantity')}
                    </th>
                    <th scope="col" className="px-2 py-1">
                      {t('inventory.unitPrice')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((i) => {
                    const line = lineOf(i);
                    const name = `${i.product_name} ${i.part_number}`;
                    return (
                      <tr key={i.id} className="border-t border-slate-100 dark:border-slate-800">
                        <td className="px-2 py-1">
                          <label className="flex items-center gap-2">
                            <input
                              type="checkbox"
                              className="size-4"
                              checked={line.include}
                              aria-label={t('inventory.orders.include', { name })}
                              onChange={(e) => setLines({ ...lines, [i.id]: { ...line, include: e.target.checked } })}
                            />
                            <span>
                              {i.product_name}
                              <span className="block font-mono text-xs text-slate-600 dark:text-slate-300">
                                {i.part_number} · {i.quantity}/{i.reorder_level}
                              </span>
                            </span>
                          </label>
                        </td>
                        <td className="px-2 py-1">
                          <AvailabilityBadge availability={i.availability} />
                        </td>
                        <td className="px-2 py-1">
                          <input
                            type="number"
                            min={1}
                            className="w-20 rounded border border-slate-300 px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
                            aria-label={t('inventory.orders.orderQuantity', { name })}
                            value={line.quantity}
                            onChange={(e) => setLines({ ...lines, [i.id]: { ...line, quantity: e.target.value } })}
                          />
                        </td>
                        <td className="px-2 py-1 tabular-nums">{money(i.unit_price)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
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
