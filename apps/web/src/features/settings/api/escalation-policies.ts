import type { EscalationPolicy } from '@rcm/shared/oncall';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Paged } from './settings.ts';

/** The escalation policies the alarm type editor may choose from (the shared ones). */
export const sharedPoliciesQuery = () =>
  queryOptions({
    queryKey: ['escalation-policies', 'list', { per_page: 100 }],
    queryFn: () => api<Paged<EscalationPolicy>>('escalation-policies?per_page=100'),
    select: (r) => r.data.filter((p) => p.organization_id === null),
  });
