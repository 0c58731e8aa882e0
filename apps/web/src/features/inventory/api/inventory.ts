import type { ImportRowError, InventoryItem, InventoryItemBody } from '@rcm/shared/inventory';
import type { ListMeta } from '@rcm/shared/pagination';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client.ts';
import { downloadFile } from '@/lib/download.ts';
import { toQueryString } from '@/lib/query-string.ts';
import { inventoryKeys } from './keys.ts';

export type InventoryFilters = {
  q?: string;
  type?: string;
  brand?: string;
  availability?: string;
  sort?: string;
};

export type ListPage<T> = { data: T[]; meta: ListMeta };

export const PER_PAGE = 20;

export const inventoryQuery = (filters: InventoryFilters, page: number) =>
  queryOptions({
    queryKey: inventoryKeys.list(filters, page),
    queryFn: () => api<ListPage<InventoryItem>>(`inventory?${toQueryString({ ...filters, page, per_page: PER_PAGE })}`),
    placeholderData: keepPreviousData,
  });

export const brandsQuery = () =>
  queryOptions({
    queryKey: inventoryKeys.brands,
    queryFn: () => api<{ data: string[] }>('inventory/brands').then((r) => r.data),
    staleTime: 60_000,
  });

/** Items at or below their reorder level (what a purchase order would restock). */
export const needsReorderQuery = () =>
  queryOptions({
    queryKey: inventoryKeys.needsReorder,
    queryFn: () =>
      api<ListPage<InventoryItem>>('inventory?availability=needs_reorder&per_page=500&sort=quantity').then(
        (r) => r.data,
      ),
  });

export function saveItem(id: number | null, body: InventoryItemBody) {
  return api<{ data: InventoryItem }>(id === null ? 'inventory' : `inventory/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body,
  }).then((r) => r.data);
}

/** Deleted, or archived when orders hold it; refused (409 in_use, its message names the open orders). */
export function removeItem(id: number) {
  return api<null>(`inventory/${id}`, { method: 'DELETE' });
}

export class ImportRejected extends Error {
  constructor(readonly rows: ImportRowError[]) {
    super('import rejected');
  }
}

/**
 * Sends every row at once: the server writes them all in one transaction or none. A rejected file
 * comes back with each bad row's number (ImportRejected).
 */
export async function importRows(rows: Record<string, string>[]): Promise<{ created: number; updated: number }> {
  try {
    return (
      await api<{ data: { created: number; updated: number } }>('inventory/import', { method: 'POST', body: { rows } })
    ).data;
  } catch (err) {
    const rejected =
      err instanceof ApiError ? (err.details as { rows?: ImportRowError[] } | undefined)?.rows : undefined;
    if (rejected) throw new ImportRejected(rejected);
    throw err;
  }
}

/** Downloads the filtered list as CSV (every page), with the session's token. */
export function downloadCsv(filters: InventoryFilters): Promise<void> {
  const name = `inventory-${new Date().toISOString().slice(0, 10)}.csv`;
  return downloadFile(`inventory/export?${toQueryString(filters)}`, name);
}
