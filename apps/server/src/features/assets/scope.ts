import { type SQL, sql } from 'drizzle-orm';
import { arr } from '../../lib/sql.ts';
import { ownScope, type TenantScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';

/**
 * Assets are scoped like locations and controllers: `*_view_all` or `organization_view_all` sees every
 * organization; `assets_view` alone sees the own organization, narrowed to the member's locations.
 */
export function assetScope(ctx: AuthContext): TenantScope | null {
  if (!ctx.permissions.has('assets_view')) return null;
  const all = ['organization_view_all', 'locations_view_all', 'controllers_view_all'] as const;
  if (all.some((p) => ctx.permissions.has(p))) return { kind: 'all' };
  return ownScope(ctx);
}

/** The scope as SQL on a table alias holding `organization_id` and `location_id`. */
export function assetScopeSql(scope: TenantScope, alias: string): SQL {
  if (scope.kind === 'all') return sql`true`;
  const a = sql.raw(alias);
  const loc =
    scope.locationIds === 'all' ? sql`true` : sql`${a}.location_id = any(${arr([...scope.locationIds])}::int[])`;
  return sql`${a}.organization_id = ${scope.organizationId} and ${loc}`;
}
