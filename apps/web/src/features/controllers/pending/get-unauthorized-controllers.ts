import type { UnauthorizedController } from '@rcm/shared/auth';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRead } from '@/lib/api-client.ts';
import { controllerKeys } from '../api/keys.ts';

export const unauthorizedControllersQuery = () =>
  queryOptions({
    queryKey: controllerKeys.unauthorized,
    ...apiRead<{ data: UnauthorizedController[] }, UnauthorizedController[]>('controllers/unauthorised', (r) => r.data),
  });

/** Rejects a pending controller: it leaves the list (and is pending again if it announces itself again). */
export const rejectController = (id: number) => api<void>(`controllers/${id}`, { method: 'DELETE' });
