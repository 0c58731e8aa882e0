import { type SQL, sql } from 'drizzle-orm';
import { arr } from '../../lib/sql.ts';
import { ownScope, type TenantScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';

/**
 * Jobs follow the tenants like controllers and alarms: `jobs_view` is needed at all; staff who see
 * every organization (`controllers_view_all` or `organization_view_all`) see every job, others their
 * own organization narrowed to their locations.
 */
export function jobScope(ctx: AuthContext): TenantScope | null {
  if (!ctx.permissions.has('jobs_view')) return null;
  if (ctx.permissions.has('controllers_view_all') || ctx.permissions.has('organization_view_all'))
    return { kind: 'all' };
  return ownScope(ctx);
}

/** The scope as a WHERE condition on the `jobs` table (aliased `j`). */
export function jobScopeSql(scope: TenantScope): SQL {
  if (scope.kind === 'all') return sql`true`;
  const org = sql`j.organization_id = ${scope.organizationId}`;
  if (scope.locationIds === 'all') return org;
  return sql`(${org} and j.location_id = any(${arr(scope.locationIds)}::int[]))`;
}
