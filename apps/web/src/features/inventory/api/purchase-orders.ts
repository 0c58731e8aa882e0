import type { PurchaseOrderBody, PurchaseOrderDetail, PurchaseOrderSummary, Supplier } from '@rcm/shared/inventory';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY } from '@rcm/shared/locale';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/query-string.ts';
import { getItem } from '../../../lib/storage.ts';
import { tokens } from '../../../lib/tokens.ts';
import type { ListPage } from './inventory.ts';

export type OrderLocation = { id: number; name: string; organization_id: number; organization_name: string };

export const purchaseOrdersQuery = (status: string | undefined, page: number) =>
  queryOptions({
    queryKey: ['purchase-orders', 'list', status ?? '', page],
    queryFn: () =>
      api<ListPage<PurchaseOrderSummary>>(`purchase-orders?${toQueryString({ status, page, per_page: 10 })}`),
    placeholderData: keepPreviousData,
  });

export const purchaseOrderQuery = (id: number) =>
  queryOptions({
    queryKey: ['purchase-orders', 'detail', id],
    queryFn: () => api<{ data: PurchaseOrderDetail }>(`purchase-orders/${id}`).then((r) => r.data),
  });

export const orderOptionsQuery = () =>
  queryOptions({
    queryKey: ['purchase-orders', 'options'],
    queryFn: () =>
      api<{ data: { suppliers: Supplier[]; locations: OrderLocation[] } }>('purchase-orders/options').then(
        (r) => r.data,
      ),
    staleTime: 60_000,
  });

export function createPurchaseOrder(body: PurchaseOrderBody) {
  return api<{ data: PurchaseOrderDetail }>('purchase-orders', { method: 'POST', body }).then((r) => r.data);
}

/** Downloads the order's PDF (as the supplier receives it), with the session's token. */
export async function downloadOrderPdf(id: number, number: string): Promise<void> {
  const headers: Record<string, string> = { 'X-Locale': getItem(LOCALE_STORAGE_KEY) ?? DEFAULT_LOCALE };
  const token = tokens.current();
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`/api/purchase-orders/${id}/pdf`, { headers });
  if (!res.ok) throw new Error(`pdf failed: ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${number}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Deletes a draft (sent and received orders are refused with 409). */
export function discardPurchaseOrder(id: number) {
  return api<null>(`purchase-orders/${id}`, { method: 'DELETE' });
}

export function advancePurchaseOrder(id: number, action: 'send' | 'receive') {
  return api<{ data: PurchaseOrderDetail }>(`purchase-orders/${id}/${action}`, { method: 'POST' }).then((r) => r.data);
}
