import type { MaintenanceWindowBody, MaintenanceWindowPatch, MaintenanceWindowView } from '@rcm/shared/maintenance';
import type { ListMeta } from '@rcm/shared/pagination';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { maintenanceKeys } from './keys.ts';

export type WindowsFilter = { controller_id?: number; location_id?: number };

/** The most windows one page holds (the banner reads the first: windows in force come first). */
export const WINDOWS_PER_PAGE = 25;

/** A page of the current and upcoming windows of a controller (its own and its location's) or of a location. */
export const windowsQuery = (filter: WindowsFilter, page = 1) =>
  queryOptions({
    queryKey: maintenanceKeys.list(filter, page),
    queryFn: () => {
      const q = filter.controller_id ? `controller_id=${filter.controller_id}` : `location_id=${filter.location_id}`;
      return api<{ data: MaintenanceWindowView[]; meta: ListMeta }>(
        `maintenance-windows?${q}&page=${page}&per_page=${WINDOWS_PER_PAGE}`,
      );
    },
    placeholderData: keepPreviousData,
    // A window starts and ends by the clock: the banner and the list follow within a minute.
    refetchInterval: 60_000,
  });

export function createWindow(body: MaintenanceWindowBody) {
  return api<{ data: MaintenanceWindowView }>('maintenance-windows', { method: 'POST', body }).then((r) => r.data);
}

export function updateWindow(id: number, body: MaintenanceWindowPatch) {
  return api<{ data: MaintenanceWindowView }>(`maintenance-windows/${id}`, { method: 'PATCH', body }).then(
    (r) => r.data,
  );
}

export function deleteWindow(id: number) {
  return api<void>(`maintenance-windows/${id}`, { method: 'DELETE' });
}
