import type { Permission } from '@rcm/shared/permissions';
import { AppError } from '../../lib/errors.ts';
import { ownScope, type TenantScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';

const has = (ctx: AuthContext, ...keys: Permission[]) => keys.some((k) => ctx.permissions.has(k));

/** Organizations: `organization_view_all` sees all, `organization_view` its own (and its own locations). */
export function organizationScope(ctx: AuthContext): TenantScope | null {
  if (has(ctx, 'organization_view_all')) return { kind: 'all' };
  if (has(ctx, 'organization_view')) return ownScope(ctx);
  return null;
}

/** Locations: `locations_view_all` sees all, `locations_view` the member's own. */
export function locationScope(ctx: AuthContext): TenantScope | null {
  if (has(ctx, 'locations_view_all')) return { kind: 'all' };
  if (has(ctx, 'locations_view')) return ownScope(ctx);
  return null;
}

export function holdsOrganization(scope: TenantScope, organizationId: number): boolean {
  return scope.kind === 'all' || scope.organizationId === organizationId;
}

/**
 * Which organizations the caller may change with `permission` (organization_edit, locations_create):
 * every one with a view-all permission, otherwise their own. Throws 403 without the permission and
 * 404 for an organization out of scope (so its existence is not revealed).
 */
export function requireOrganizationWrite(ctx: AuthContext, permission: Permission, organizationId: number): void {
  if (!ctx.permissions.has(permission)) throw new AppError(403, 'forbidden');
  const all =
    has(ctx, 'organization_view_all') || (permission === 'locations_create' && has(ctx, 'locations_view_all'));
  if (!all && ctx.user.organizationId !== organizationId) throw new AppError(404, 'not_found');
}
