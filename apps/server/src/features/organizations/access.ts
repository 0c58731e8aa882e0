import type { Permission } from '@rcm/shared/permissions';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/service.ts';

const has = (ctx: AuthContext, ...keys: Permission[]) => keys.some((k) => ctx.permissions.has(k));

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
