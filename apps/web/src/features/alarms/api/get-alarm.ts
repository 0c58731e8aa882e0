import type { AlarmDetail, AlarmMetrics } from '@rcm/shared/alarms';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { alarmKeys } from './keys.ts';

export const alarmQuery = (ref: number) =>
  queryOptions({
    queryKey: alarmKeys.detail(ref),
    queryFn: () => api<{ data: AlarmDetail }>(`alarms/${ref}`).then((r) => r.data),
  });

export const alarmMetricsQuery = (ref: number, range: { from: string; to: string }) =>
  queryOptions({
    queryKey: alarmKeys.metrics(ref, range),
    queryFn: () =>
      api<{ data: AlarmMetrics }>(
        `alarms/${ref}/metrics?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`,
      ).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
