import type { SupportGrant, SupportGrantBody, SupportGrantees } from '@rcm/shared/support-grants';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organizationKeys } from './keys.ts';

/** The organization's support grants, active and ended, newest first (its own administrators). */
export const supportGrantsQuery = (organizationId: number) =>
  queryOptions({
    queryKey: organizationKeys.supportGrants(organizationId),
    queryFn: () => api<{ data: SupportGrant[] }>(`organizations/${organizationId}/support-grants`).then((r) => r.data),
  });

/** The other organizations, and their people, a grant may name. */
export const supportGranteesQuery = (organizationId: number) =>
  queryOptions({
    queryKey: organizationKeys.supportGrantees(organizationId),
    queryFn: () =>
      api<{ data: SupportGrantees }>(`organizations/${organizationId}/support-grantees`).then((r) => r.data),
  });

export function createSupportGrant(organizationId: number, body: SupportGrantBody) {
  return api<{ data: SupportGrant }>(`organizations/${organizationId}/support-grants`, {
    method: 'POST',
    body,
  }).then((r) => r.data);
}

export function endSupportGrant(id: number) {
  return api<{ data: SupportGrant }>(`support-grants/${id}`, { method: 'DELETE' }).then((r) => r.data);
}
