import type { SsoConnection, SsoConnectionBody, SsoConnectionPatch } from '@rcm/shared/sso';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { identityKeys } from './keys.ts';

/** An organization's single sign-on connections (their secrets never come back, only whether one is set). */
export const ssoConnectionsQuery = (organizationId: number) =>
  queryOptions({
    queryKey: identityKeys.sso(organizationId),
    queryFn: () =>
      api<{ data: SsoConnection[] }>(`organizations/${organizationId}/sso-connections`).then((r) => r.data),
    enabled: organizationId > 0,
  });

export function createSsoConnection(organizationId: number, body: SsoConnectionBody) {
  return api<{ data: SsoConnection }>(`organizations/${organizationId}/sso-connections`, { method: 'POST', body });
}

export function updateSsoConnection(id: number, body: SsoConnectionPatch) {
  return api<{ data: SsoConnection }>(`sso-connections/${id}`, { method: 'PATCH', body });
}

/** Removes the connection: the people who signed in through it are signed out everywhere. */
export function deleteSsoConnection(id: number) {
  return api<null>(`sso-connections/${id}`, { method: 'DELETE' });
}
