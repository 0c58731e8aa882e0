/**
 * The reports' filter fragments (scope, organization, location, dates) that each report's repository
 * composes into its statement. No statement runs here (`.dependency-cruiser.cjs` SQL_OUTSIDE_REPOSITORIES).
 */
import { type SQL, sql } from 'drizzle-orm';
import { scopeSql, type TenantScope } from '../auth/scope.ts';

/** The scope and the organization/location filters as SQL over the given columns. */
export function tenantWhere(
  scope: TenantScope,
  cols: { org: SQL; loc: SQL },
  filter: { organization_id?: number | undefined; location_id?: number | undefined },
): SQL {
  const parts: SQL[] = [scopeSql(scope, cols)];
  if (filter.organization_id !== undefined) parts.push(sql`${cols.org} = ${filter.organization_id}`);
  if (filter.location_id !== undefined) parts.push(sql`${cols.loc} = ${filter.location_id}`);
  return sql.join(parts, sql` and `);
}

/** `[from 00:00Z, to + 1 day 00:00Z)` of an inclusive day range. */
export function utcBounds(range: { from: string; to: string }): { start: Date; end: Date } {
  const start = new Date(`${range.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000);
  return { start, end };
}
