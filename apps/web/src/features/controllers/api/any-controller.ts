import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { controllerKeys } from './keys.ts';

/**
 * Whether the caller sees any controller at all: an empty installation's pages (the dashboard, the
 * pending panel) say how to connect the first one instead of "nothing matches" or "All Done!".
 */
export const anyControllerQuery = () =>
  queryOptions({
    queryKey: controllerKeys.any,
    queryFn: () => api<{ meta: { total: number } }>('controllers?per_page=1').then((r) => r.meta.total > 0),
  });
