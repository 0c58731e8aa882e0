import type { AccountSession } from '@rcm/shared/sessions';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { accountKeys } from './keys.ts';

/** The signed-in person's live sessions, the current one marked. */
export const accountSessionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.sessions,
    queryFn: () => api<{ data: AccountSession[] }>('account/sessions').then((r) => r.data),
  });

export function endSession(id: number) {
  return api<null>(`account/sessions/${id}`, { method: 'DELETE' });
}

export function endOtherSessions() {
  return api<{ data: { ok: true } }>('account/sessions/revoke-others', { method: 'POST' });
}
