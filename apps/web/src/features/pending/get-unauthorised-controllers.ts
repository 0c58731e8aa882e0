import type { UnauthorisedController } from '@rcm/shared/auth';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const unauthorisedControllersQuery = () =>
  queryOptions({
    queryKey: ['controllers', 'unauthorised'],
    queryFn: () => api<{ data: UnauthorisedController[] }>('controllers/unauthorised').then((r) => r.data),
  });
