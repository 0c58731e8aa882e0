import type { UnauthorisedController } from '@rcm/shared/auth';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRead } from '../../../lib/api-client.ts';
import { controllerKeys } from '../api/keys.ts';

export const unauthorisedControllersQuery = () =>
  queryOptions({
    queryKey: controllerKeys.unauthorised,
    ...apiRead<{ data: UnauthorisedController[] }, UnauthorisedController[]>('controllers/unauthorised', (r) => r.data),
  });

/** Rejects a pending controller: it leaves the list (and is pending again if it announces itself again). */
export const rejectController = (id: number) => api<void>(`controllers/${id}`, { method: 'DELETE' });
