import { type SQL, sql } from 'drizzle-orm';
import { arr } from '../../lib/sql.ts';
import { ownScope, type TenantScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';

/**
 * Reports need `reports_view`; `organization_view_all` sees every organization, everyone else their
 * own organization and, unless their membership is all locations, their own locations.
 */
export function reportScope(ctx: AuthContext): TenantScope | null {
  if (!ctx.permissions.has('reports_view')) return null;
  if (ctx.permissions.has('organization_view_all')) return { kind: 'all' };
  return ownScope(ctx);
}

/** The scope and the organization/location filters as SQL over the given columns. */
export function tenantWhere(
  scope: TenantScope,
  cols: { org: SQL; loc: SQL },
  filter: { organization_id?: number | undefined; location_id?: number | undefined },
): SQL {
  const parts: SQL[] = [];
  if (scope.kind === 'org') {
    parts.push(sql`${cols.org} = ${scope.organizationId}`);
    if (scope.locationIds !== 'all') parts.push(sql`${cols.loc} = any(${arr(scope.locationIds)}::int[])`);
  }
  if (filter.organization_id !== undefined) parts.push(sql`${cols.org} = ${filter.organization_id}`);
  if (filter.location_id !== undefined) parts.push(sql`${cols.loc} = ${filter.location_id}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** `[from 00:00Z, to + 1 day 00:00Z)` of an inclusive day range. */
export function utcBounds(range: { from: string; to: string }): { start: Date; end: Date } {
  const start = new Date(`${range.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000);
  return { start, end };
}
