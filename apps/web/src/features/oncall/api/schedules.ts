import type { OncallNow, OncallSchedule, OncallShift, OverrideBody, ScheduleBody } from '@rcm/shared/oncall';
import type { Paged } from '@rcm/shared/pagination';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRead } from '@/lib/api-client.ts';
import { oncallKeys } from './keys.ts';

export const oncallSchedulesQuery = () =>
  queryOptions({
    queryKey: oncallKeys.schedules,
    queryFn: () => api<Paged<OncallSchedule>>('oncall/schedules?per_page=50'),
  });

export const oncallNowQuery = () =>
  queryOptions({
    queryKey: oncallKeys.now,
    ...apiRead<{ data: OncallNow[] }, OncallNow[]>('oncall/now', (r) => r.data),
    refetchInterval: 60_000,
  });

/** The final rota of a schedule over [from, to). */
export const shiftsQuery = (id: number, from: Date, to: Date) =>
  queryOptions({
    queryKey: oncallKeys.shifts(id, from, to),
    queryFn: () =>
      api<{ data: OncallShift[] }>(
        `oncall/schedules/${id}/shifts?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`,
      ).then((r) => r.data),
  });

export const addOverride = (scheduleId: number, body: OverrideBody) =>
  api<{ data: OncallSchedule }>(`oncall/schedules/${scheduleId}/overrides`, { method: 'POST', body });

export const removeOverride = (scheduleId: number, overrideId: number) =>
  api<void>(`oncall/schedules/${scheduleId}/overrides/${overrideId}`, { method: 'DELETE' });

export const saveSchedule = (id: number | null, body: ScheduleBody) =>
  api<{ data: OncallSchedule }>(id === null ? 'oncall/schedules' : `oncall/schedules/${id}`, {
    method: id === null ? 'POST' : 'PATCH',
    body,
  }).then((r) => r.data);

export const deleteSchedule = (id: number) => api<void>(`oncall/schedules/${id}`, { method: 'DELETE' });
