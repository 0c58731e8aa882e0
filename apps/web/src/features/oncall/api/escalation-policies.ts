import type { EscalationPolicy, PolicyBody } from '@rcm/shared/oncall';
import type { Paged } from '@rcm/shared/pagination';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { escalationPolicyKeys } from './keys.ts';

/** Every escalation policy the caller may see (the API caps a page at 100; a policy list is short). */
export const policiesQuery = () =>
  queryOptions({
    queryKey: escalationPolicyKeys.list,
    queryFn: () => api<Paged<EscalationPolicy>>('escalation-policies?per_page=100'),
  });

/** The escalation policies the alarm type editor may choose from (the shared ones). */
export const sharedPoliciesQuery = () =>
  queryOptions({
    ...policiesQuery(),
    select: (r: Paged<EscalationPolicy>) => r.data.filter((p) => p.organization_id === null),
  });

export const savePolicy = (id: number | null, body: PolicyBody) =>
  api<{ data: EscalationPolicy }>(id === null ? 'escalation-policies' : `escalation-policies/${id}`, {
    method: id === null ? 'POST' : 'PATCH',
    body,
  }).then((r) => r.data);

export const deletePolicy = (id: number) => api<void>(`escalation-policies/${id}`, { method: 'DELETE' });
