import type { ApiToken, ApiTokenBody, ApiTokenCreated, ReauthAnswer } from '@rcm/shared/api-tokens';
import type { ListMeta } from '@rcm/shared/pagination';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { identityKeys } from './keys.ts';

/** A page of the integration tokens the caller manages (never the tokens themselves). */
export const apiTokensQuery = (page = 1) =>
  queryOptions({
    queryKey: identityKeys.apiTokens(page),
    queryFn: () => api<{ data: ApiToken[]; meta: ListMeta }>(`settings/api-tokens?page=${page}`),
    placeholderData: keepPreviousData,
  });

/** A single-use proof, valid two minutes, that the signed-in person just typed their password. */
export function reauthenticate(password: string) {
  return api<{ data: ReauthAnswer }>('auth/reauth', { method: 'POST', body: { password } }).then((r) => r.data);
}

/** Creates a token; the answer's `token` is shown once. */
export function createApiToken(body: ApiTokenBody) {
  return api<ApiTokenCreated>('settings/api-tokens', { method: 'POST', body });
}

/** Revokes a token: the next request with it is refused. */
export function revokeApiToken(id: number) {
  return api<null>(`settings/api-tokens/${id}`, { method: 'DELETE' });
}
