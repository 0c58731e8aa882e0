/** The settings screens' query keys: `kind(kind)` covers every list and record of one kind (users, teams, roles, alarm types). */
export const settingsKeys = {
  kind: (kind: string) => ['settings', kind] as const,
  list: (kind: string, filters: object) => ['settings', kind, 'list', filters] as const,
  detail: (kind: string, id: number) => ['settings', kind, 'detail', id] as const,
  auditLog: (filters: object) => ['settings', 'audit-log', filters] as const,
  auditActions: ['settings', 'audit-log', 'actions'] as const,
  organizations: ['settings', 'organizations'] as const,
  organizationLocations: (organizationId: number) =>
    ['settings', 'organizations', organizationId, 'locations'] as const,
  jobCategoriesAll: ['settings', 'job-categories'] as const,
  jobCategories: (page: number) => ['settings', 'job-categories', page] as const,
  apiTokensAll: ['settings', 'api-tokens'] as const,
  apiTokens: (page: number) => ['settings', 'api-tokens', page] as const,
  sso: (organizationId: number) => ['settings', 'sso', organizationId] as const,
  email: ['settings', 'email'] as const,
  webhooksAll: ['settings', 'webhooks'] as const,
  webhooks: (page: number) => ['settings', 'webhooks', page] as const,
  webhookDeliveries: (id: number, page: number) => ['settings', 'webhooks', id, 'deliveries', page] as const,
  /** The embedded database's backups and storage (administrators). */
  backups: ['admin', 'backups'] as const,
  storage: ['admin', 'storage'] as const,
};
