import type { ControllerDetail, UnauthorizedController } from '@rcm/shared/auth';
import type { ControllerListItem, ControllerUpdateBody, RackState } from '@rcm/shared/controllers';
import type { ListMeta } from '@rcm/shared/pagination';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { organizationKeys } from '@/features/organizations/index.ts';
import { api } from '@/lib/api-client.ts';
import { toQueryString } from '@/lib/query-string.ts';
import { controllerKeys } from './keys.ts';

export type ControllerFilters = {
  q?: string;
  organization_id?: number;
  location_id?: number;
  online?: 'true' | 'false';
  authorised?: 'true' | 'false';
  warranty?: 'true' | 'false';
  /** A store gateway's children. */
  gateway_id?: number;
  sort?: string;
  page?: number;
  per_page?: number;
};

export type ControllerPage = {
  data: ControllerListItem[];
  meta: ListMeta;
};

export const controllersQuery = (filters: ControllerFilters) =>
  queryOptions({
    queryKey: controllerKeys.list(filters),
    queryFn: () => api<ControllerPage>(`controllers?${toQueryString(filters)}`),
    placeholderData: keepPreviousData,
  });

export const controllerQuery = (id: number) =>
  queryOptions({
    queryKey: controllerKeys.detail(id),
    queryFn: () => api<{ data: ControllerDetail }>(`controllers/${id}`).then((r) => r.data),
  });

export const racksQuery = (id: number) =>
  queryOptions({
    queryKey: controllerKeys.racks(id),
    queryFn: () => api<{ data: RackState[] }>(`controllers/${id}/racks`).then((r) => r.data),
  });

export const organizationsQuery = () =>
  queryOptions({
    queryKey: organizationKeys.picker,
    queryFn: () => api<{ data: { id: number; name: string }[] }>('organizations?per_page=100').then((r) => r.data),
    staleTime: 60_000,
  });

export const locationsQuery = (organizationId: number) =>
  queryOptions({
    queryKey: organizationKeys.locations(organizationId),
    queryFn: () =>
      api<{ data: { id: number; name: string; city: string; state: string }[] }>(
        `organizations/${organizationId}/locations`,
      ).then((r) => r.data),
    staleTime: 60_000,
  });

export function updateController(id: number, body: ControllerUpdateBody) {
  return api<{ data: ControllerDetail }>(`controllers/${id}`, { method: 'PATCH', body }).then((r) => r.data);
}

export function authorizeController(
  id: number,
  body: { organization_id: number; location_id: number; name: string; store_alias?: string },
) {
  return api<{ data: { controller: UnauthorizedController; device_key: string } }>(`controllers/${id}/authorise`, {
    method: 'POST',
    body,
  }).then((r) => r.data);
}

/** Rejects a pending controller or decommissions an authorized one (204). */
export const removeController = (id: number) => api<void>(`controllers/${id}`, { method: 'DELETE' });

/** A new device key, shown once; the old key stops working at once. */
export const rotateDeviceKey = (id: number) =>
  api<{ data: { device_key: string } }>(`controllers/${id}/rotate-key`, { method: 'POST' }).then((r) => r.data);
