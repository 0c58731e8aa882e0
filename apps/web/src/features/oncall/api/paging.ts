import type { AlarmPage, PagingWarning } from '@rcm/shared/oncall';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRead } from '@/lib/api-client.ts';
import { oncallKeys } from './keys.ts';

/** Who was paged for an alarm, how, and what became of it. */
export const alarmPagesQuery = (ref: number) =>
  queryOptions({
    queryKey: oncallKeys.pages(ref),
    queryFn: () => api<{ data: AlarmPage[] }>(`alarms/${ref}/pages`).then((r) => r.data),
  });

/** High and critical alarm types that would page nobody, per organization (settings viewers). */
export const pagingWarningsQuery = () =>
  queryOptions({
    queryKey: oncallKeys.warnings,
    ...apiRead<{ data: PagingWarning[] }, PagingWarning[]>('oncall/warnings', (r) => r.data),
    staleTime: 60_000,
  });
