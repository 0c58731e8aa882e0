import type { SupportGrant, SupportGrantBody, SupportGrantees, SupportGrantList } from '@rcm/shared/support-grants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { organizationKeys } from './keys.ts';

/** A page of the organization's support grants, active and ended, newest first (its own administrators). */
export const supportGrantsQuery = (organizationId: number, page: number) =>
  queryOptions({
    queryKey: organizationKeys.supportGrantsPage(organizationId, page),
    queryFn: () => api<SupportGrantList>(`organizations/${organizationId}/support-grants?page=${page}&per_page=25`),
    placeholderData: keepPreviousData,
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
