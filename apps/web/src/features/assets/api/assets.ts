import type { Asset, AssetBody, AssetOptions } from '@rcm/shared/assets';
import type { ListMeta } from '@rcm/shared/pagination';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { toQueryString } from '@/lib/query-string.ts';
import { assetKeys } from './keys.ts';

export type AssetFilters = {
  q?: string;
  location_id?: number;
  type?: string;
  warranty?: string;
  sort?: string;
  page?: number;
};

export type AssetPage = { data: Asset[]; meta: ListMeta };

export const assetsQuery = (filters: AssetFilters) =>
  queryOptions({
    queryKey: assetKeys.list(filters),
    queryFn: () => api<AssetPage>(`assets?${toQueryString(filters)}`),
    placeholderData: keepPreviousData,
  });

export const assetOptionsQuery = () =>
  queryOptions({
    queryKey: assetKeys.options,
    queryFn: () => api<{ data: AssetOptions }>('assets/options').then((r) => r.data),
    staleTime: 60_000,
  });

export function deleteAsset(id: number) {
  return api<null>(`assets/${id}`, { method: 'DELETE' });
}

export function saveAsset(id: number | null, body: AssetBody) {
  return api<{ data: Asset }>(id === null ? 'assets' : `assets/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body,
  }).then((r) => r.data);
}
