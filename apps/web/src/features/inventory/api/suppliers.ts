import type { SupplierBody, SupplierPatch, SupplierRecord } from '@rcm/shared/suppliers';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const suppliersQuery = (includeArchived: boolean) =>
  queryOptions({
    queryKey: ['suppliers', { includeArchived }],
    queryFn: () =>
      api<{ data: SupplierRecord[] }>(`inventory/suppliers?include_archived=${includeArchived}`).then((r) => r.data),
  });

export function saveSupplier(id: number | null, body: SupplierBody) {
  return api<{ data: SupplierRecord }>(id === null ? 'inventory/suppliers' : `inventory/suppliers/${id}`, {
    method: id === null ? 'POST' : 'PATCH',
    body,
  }).then((r) => r.data);
}

export function restoreSupplier(id: number) {
  const body: SupplierPatch = { archived: false };
  return api<{ data: SupplierRecord }>(`inventory/suppliers/${id}`, { method: 'PATCH', body }).then((r) => r.data);
}

/** Archives: no longer offered for new orders; its orders keep it. */
export function archiveSupplier(id: number) {
  return api<null>(`inventory/suppliers/${id}`, { method: 'DELETE' });
}
