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
};
