import type { AlarmFlood } from '@rcm/shared/alarms';
import { queryOptions } from '@tanstack/react-query';
import { apiRead } from '@/lib/api-client.ts';
import { alarmKeys } from './keys.ts';

/** Locations in an alarm flood now (the dashboard's banner); refreshed with the alarm list. */
export const floodsQuery = () =>
  queryOptions({
    queryKey: alarmKeys.floods,
    ...apiRead<{ data: AlarmFlood[] }, AlarmFlood[]>('alarms/floods', (r) => r.data),
    refetchInterval: 60_000,
  });
