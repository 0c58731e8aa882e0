import type { PurchaseOrderBody, PurchaseOrderDetail, PurchaseOrderSummary, Supplier } from '@rcm/shared/inventory';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { downloadFile } from '@/lib/download.ts';
import { toQueryString } from '@/lib/query-string.ts';
import type { ListPage } from './inventory.ts';
import { purchaseOrderKeys } from './keys.ts';

export type OrderLocation = { id: number; name: string; organization_id: number; organization_name: string };

export const purchaseOrdersQuery = (status: string | undefined, page: number) =>
  queryOptions({
    queryKey: purchaseOrderKeys.list(status, page),
    queryFn: () =>
      api<ListPage<PurchaseOrderSummary>>(`purchase-orders?${toQueryString({ status, page, per_page: 10 })}`),
    placeholderData: keepPreviousData,
  });

export const purchaseOrderQuery = (id: number) =>
  queryOptions({
    queryKey: purchaseOrderKeys.detail(id),
    queryFn: () => api<{ data: PurchaseOrderDetail }>(`purchase-orders/${id}`).then((r) => r.data),
  });

export const orderOptionsQuery = () =>
  queryOptions({
    queryKey: purchaseOrderKeys.options,
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
export function downloadOrderPdf(id: number, number: string): Promise<void> {
  return downloadFile(`purchase-orders/${id}/pdf`, `${number}.pdf`);
}

/** Deletes a draft (sent and received orders are refused with 409). */
export function discardPurchaseOrder(id: number) {
  return api<null>(`purchase-orders/${id}`, { method: 'DELETE' });
}

export function advancePurchaseOrder(id: number, action: 'send' | 'receive') {
  return api<{ data: PurchaseOrderDetail }>(`purchase-orders/${id}/${action}`, { method: 'POST' }).then((r) => r.data);
}
