import type { MaintenanceWindowBody, MaintenanceWindowPatch, MaintenanceWindowView } from '@rcm/shared/maintenance';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type WindowsFilter = { controller_id?: number; location_id?: number };

/** Current and upcoming windows of a controller (its own and its location's) or of a location. */
export const windowsQuery = (filter: WindowsFilter) =>
  queryOptions({
    queryKey: ['maintenance-windows', filter],
    queryFn: () => {
      const q = filter.controller_id ? `controller_id=${filter.controller_id}` : `location_id=${filter.location_id}`;
      return api<{ data: MaintenanceWindowView[] }>(`maintenance-windows?${q}`).then((r) => r.data);
    },
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
