import type { AlarmFlood } from '@rcm/shared/alarms';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Locations in an alarm flood now (the dashboard's banner); refreshed with the alarm list. */
export const floodsQuery = () =>
  queryOptions({
    queryKey: ['alarms', 'floods'],
    queryFn: () => api<{ data: AlarmFlood[] }>('alarms/floods').then((r) => r.data),
    refetchInterval: 60_000,
  });
