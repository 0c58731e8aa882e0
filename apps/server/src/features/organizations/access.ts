import { AppError } from '../../lib/errors.ts';
import { can } from '../auth/can.ts';
import type { AuthContext } from '../auth/service.ts';

/**
 * Whether the caller may change an organization (`organization.edit`) or add a location to it
 * (`location.create`), by the shared policies: every organization for those who see them all,
 * otherwise their own. Throws 403 when the caller may not take the action at all and 404 for an
 * organization out of reach (so its existence is not revealed).
 */
export function requireOrganizationWrite(
  ctx: AuthContext,
  action: 'organization.edit' | 'location.create',
  organizationId: number,
): void {
  if (!can(ctx, action)) throw new AppError(403, 'forbidden');
  if (!can(ctx, action, { organizationId })) throw new AppError(404, 'not_found');
}
