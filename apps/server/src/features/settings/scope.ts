import type { AuthContext } from '../auth/service.ts';

/**
 * Settings are tenant data: a settings user without `organization_view_all` sees and changes only
 * their own organization. Roles and alarm types are shared by every organization, so changing them
 * needs `organization_view_all` as well as `settings_update` (a customer's manager must not change
 * what every other customer's users may do or when their alarms fire).
 */
export type SettingsScope = { kind: 'all' } | { kind: 'org'; organizationId: number };

export function settingsScope(ctx: AuthContext): SettingsScope {
  return ctx.permissions.has('organization_view_all')
    ? { kind: 'all' }
    : { kind: 'org', organizationId: ctx.user.organizationId };
}

export function inSettingsScope(scope: SettingsScope, organizationId: number | null): boolean {
  return scope.kind === 'all' || organizationId === scope.organizationId;
}

/** Permissions a role holds that the caller lacks: nobody may hand out more than they hold. */
export function permissionsBeyond(ctx: AuthContext, permissions: readonly string[]): string[] {
  return permissions.filter((p) => !ctx.permissions.has(p as never));
}

export function pageMeta(page: number, perPage: number, total: number) {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}
