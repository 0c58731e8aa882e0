import type { AlarmStats, AlarmSummary } from '@rcm/shared/alarms';
import type { ListMeta } from '@rcm/shared/pagination';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, apiRead } from '@/lib/api-client.ts';
import { toQueryString } from '@/lib/query-string.ts';
import { alarmKeys } from './keys.ts';

export type AlarmFilters = {
  status?: string;
  severity?: string;
  type?: string;
  warranty?: 'true' | 'false';
  offline?: 'true';
  controller_id?: number;
  organization_id?: number;
  location_id?: number;
  /** Alarms that paged this person ("Mine"). */
  paged_user_id?: number;
  sort?: string;
  page?: number;
};

export type AlarmPage = {
  data: AlarmSummary[];
  meta: ListMeta;
};

export const alarmsQuery = (filters: AlarmFilters, perPage = 25) =>
  queryOptions({
    queryKey: alarmKeys.list(filters, perPage),
    ...apiRead<AlarmPage>(`alarms?${toQueryString({ ...filters, per_page: perPage })}`),
    placeholderData: keepPreviousData,
  });

/** The tiles count with the same filters except status (a tile is itself a status). */
export const alarmStatsQuery = (filters: Omit<AlarmFilters, 'page' | 'sort' | 'status'>) =>
  queryOptions({
    queryKey: alarmKeys.stats(filters),
    ...apiRead<{ data: AlarmStats }, AlarmStats>(`alarms/stats?${toQueryString(filters)}`, (r) => r.data),
    placeholderData: keepPreviousData,
  });

/** The organizations and locations the caller may see, for the dashboard's place filters. */
export const placeOptionsQuery = (withOrganizations: boolean) =>
  queryOptions({
    queryKey: alarmKeys.places(withOrganizations),
    queryFn: async () => {
      const [organizations, locations] = await Promise.all([
        withOrganizations
          ? api<{ data: { id: number; name: string }[] }>('organizations?per_page=100').then((r) => r.data)
          : Promise.resolve([]),
        api<{ data: { id: number; name: string; organisation: { id: number } }[] }>('locations?per_page=100').then(
          (r) => r.data,
        ),
      ]);
      return { organizations, locations };
    },
    staleTime: 60_000,
  });
