import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { alarmKeys } from './keys.ts';

export type AlarmType = { id: number; code: string; name: string; name_es: string; severity: string };

export const alarmTypesQuery = () =>
  queryOptions({
    queryKey: alarmKeys.types,
    queryFn: () => api<{ data: AlarmType[] }>('alarm-types').then((r) => r.data),
    staleTime: 5 * 60_000,
  });

/** The alarm type's name in the interface language. */
export function typeName(type: { name: string; name_es: string }, locale: string): string {
  return locale.startsWith('es') ? type.name_es : type.name;
}
