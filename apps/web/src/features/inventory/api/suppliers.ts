import type { ListMeta } from '@rcm/shared/pagination';
import type { SupplierBody, SupplierPatch, SupplierRecord } from '@rcm/shared/suppliers';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { supplierKeys } from './keys.ts';

/** A page of the suppliers (the Suppliers tab). */
export const suppliersQuery = (includeArchived: boolean, page = 1) =>
  queryOptions({
    queryKey: supplierKeys.list(includeArchived, page),
    queryFn: () =>
      api<{ data: SupplierRecord[]; meta: ListMeta }>(
        `inventory/suppliers?include_archived=${includeArchived}&page=${page}`,
      ),
    placeholderData: keepPreviousData,
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
