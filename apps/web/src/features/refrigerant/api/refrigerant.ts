import type {
  LevelTrendResponse,
  RefrigerantEvent,
  RefrigerantEventBody,
  RefrigerantEventList,
  RefrigerantSystem,
  RefrigerantSystemBody,
} from '@rcm/shared/refrigerant';
import { queryOptions } from '@tanstack/react-query';
import { jobKeys } from '@/features/jobs/index.ts';
import { api } from '@/lib/api-client.ts';
import { refrigerantKeys } from './keys.ts';

const rackPath = (controllerId: number, ref: string) => `controllers/${controllerId}/racks/${encodeURIComponent(ref)}`;

/** A rack's system (null until set up) and its refrigerant log, newest first. */
export const refrigerantLogQuery = (controllerId: number, ref: string) =>
  queryOptions({
    queryKey: refrigerantKeys.log(controllerId, ref),
    queryFn: () => api<RefrigerantEventList>(`${rackPath(controllerId, ref)}/refrigerant-events`),
  });

export const levelTrendQuery = (controllerId: number, ref: string) =>
  queryOptions({
    queryKey: refrigerantKeys.levelTrend(controllerId, ref),
    queryFn: () => api<{ data: LevelTrendResponse }>(`${rackPath(controllerId, ref)}/level-trend`).then((r) => r.data),
    refetchInterval: 5 * 60_000,
  });

export const refrigerantsQuery = () =>
  queryOptions({
    queryKey: refrigerantKeys.table,
    queryFn: () =>
      api<{ data: { code: string; gwp: number; eu_fgas: boolean; source: string }[] }>('refrigerants').then(
        (r) => r.data,
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The jobs of this controller, to link a log entry to one. */
export const controllerJobsQuery = (controllerId: number) =>
  queryOptions({
    queryKey: jobKeys.list({ controller_id: controllerId, per_page: 100 }),
    queryFn: () =>
      api<{ data: { id: number; number: string; title: string }[] }>(
        `jobs?controller_id=${controllerId}&per_page=100`,
      ).then((r) => r.data),
  });

export function saveSystem(controllerId: number, ref: string, body: RefrigerantSystemBody) {
  return api<{ data: RefrigerantSystem }>(`${rackPath(controllerId, ref)}/refrigerant`, { method: 'PATCH', body }).then(
    (r) => r.data,
  );
}

export function logEvent(controllerId: number, ref: string, body: RefrigerantEventBody) {
  return api<{ data: RefrigerantEvent; system: RefrigerantSystem | null }>(
    `${rackPath(controllerId, ref)}/refrigerant-events`,
    { method: 'POST', body },
  );
}
