import type { AuthContext } from './service.ts';

/** What part of the tenants a caller may see in one domain (design.md section 6). */
export type TenantScope =
  | { kind: 'all' }
  | { kind: 'org'; organizationId: number; locationIds: readonly number[] | 'all' };

/** The caller's own organization, narrowed to their locations unless their membership is all locations. */
export function ownScope(ctx: AuthContext): TenantScope {
  return { kind: 'org', organizationId: ctx.user.organizationId, locationIds: ctx.locationIds };
}

/** Controllers: `controllers_view_all` sees every organization, `controllers_view` its own. */
export function controllerScope(ctx: AuthContext): TenantScope | null {
  if (ctx.permissions.has('controllers_view_all')) return { kind: 'all' };
  if (ctx.permissions.has('controllers_view')) return ownScope(ctx);
  return null;
}

/** Alarms follow the controllers a caller may see; `alarms_view` is needed at all. */
export function alarmScope(ctx: AuthContext): TenantScope | null {
  if (!ctx.permissions.has('alarms_view')) return null;
  if (ctx.permissions.has('controllers_view_all') || ctx.permissions.has('organization_view_all'))
    return { kind: 'all' };
  return ownScope(ctx);
}

export function inScope(
  scope: TenantScope,
  target: { organizationId: number | null; locationId: number | null },
): boolean {
  if (scope.kind === 'all') return true;
  if (target.organizationId !== scope.organizationId) return false;
  return scope.locationIds === 'all' || (target.locationId !== null && scope.locationIds.includes(target.locationId));
}

/** socket.io rooms for a scope in a domain: `{domain}:all`, `{domain}:org:{id}` or `{domain}:loc:{id}`. */
export function scopeRooms(domain: string, scope: TenantScope): string[] {
  if (scope.kind === 'all') return [`${domain}:all`];
  if (scope.locationIds === 'all') return [`${domain}:org:${scope.organizationId}`];
  return scope.locationIds.map((id) => `${domain}:loc:${id}`);
}

/** The rooms an event about this controller goes to; each socket receives it once. */
export function targetRooms(
  domain: string,
  target: { organizationId: number | null; locationId: number | null },
): string[] {
  const rooms = [`${domain}:all`];
  if (target.organizationId !== null) rooms.push(`${domain}:org:${target.organizationId}`);
  if (target.locationId !== null) rooms.push(`${domain}:loc:${target.locationId}`);
  return rooms;
}
