import type { Permission } from '@rcm/shared/permissions';
import { AppError } from '../../lib/errors.ts';
import { alarmScope, type TenantScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';

/** The caller's alarm scope, after checking they hold every permission the action needs (else 403). */
export function alarmScopeFor(ctx: AuthContext, ...needs: Permission[]): TenantScope {
  const scope = alarmScope(ctx);
  if (!scope || needs.some((p) => !ctx.permissions.has(p))) throw new AppError(403, 'forbidden');
  return scope;
}
