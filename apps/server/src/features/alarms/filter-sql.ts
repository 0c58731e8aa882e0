import type { AlarmListQuery } from '@rcm/shared/alarms';
import { type SQL, sql } from 'drizzle-orm';
import { arr } from '../../lib/sql.ts';
import type { TenantScope } from '../auth/scope.ts';

/** The dashboard's filters without paging and sorting (lists, stats, bulk actions). */
export type AlarmFilter = Partial<Omit<AlarmListQuery, 'page' | 'per_page' | 'sort'>>;

/** Columns that locate a row in a tenant: `a.organization_id` on alarms, plain names on counters. */
type TenantColumns = { org: SQL; loc: SQL };

const ALARM_COLUMNS: TenantColumns = { org: sql`a.organization_id`, loc: sql`a.location_id` };
const COUNTER_COLUMNS: TenantColumns = { org: sql`organization_id`, loc: sql`location_id` };

function scopeSql(scope: TenantScope, cols: TenantColumns): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.locationIds === 'all') return sql`${cols.org} = ${scope.organizationId}`;
  return sql`${cols.org} = ${scope.organizationId} and ${cols.loc} = any(${arr(scope.locationIds)}::int[])`;
}

/** The filters alarm_counters can answer: its key is (organization, location, status, warranty, severity). */
export function countersCanAnswer(filter: AlarmFilter): boolean {
  return !filter.type?.length && filter.offline === undefined && filter.controller_id === undefined;
}

/** Scope and counter-dimension filters over alarm_counters (only when countersCanAnswer). */
export function counterWhere(scope: TenantScope, filter: AlarmFilter): SQL {
  const parts = [scopeSql(scope, COUNTER_COLUMNS)];
  if (filter.status?.length) parts.push(sql`status = any(${arr(filter.status)}::text[])`);
  if (filter.warranty) parts.push(sql`warranty = ${filter.warranty === 'true'}`);
  if (filter.severity?.length) parts.push(sql`severity = any(${arr(filter.severity)}::text[])`);
  if (filter.organization_id !== undefined) parts.push(sql`organization_id = ${filter.organization_id}`);
  if (filter.location_id !== undefined) parts.push(sql`location_id = ${filter.location_id}`);
  return sql.join(parts, sql` and `);
}

/**
 * Scope and filters over `alarms a`. Everything refers to `a` alone (subqueries for types and
 * controllers), so counts need no joins and the (organization, status, raised_at) index serves lists.
 */
export function alarmWhere(scope: TenantScope, filter: AlarmFilter): SQL {
  const parts = [scopeSql(scope, ALARM_COLUMNS)];
  // One status as a plain equality: only then can the (…, status, raised_at) indexes give the order.
  if (filter.status?.length === 1) parts.push(sql`a.status = ${filter.status[0]}`);
  else if (filter.status?.length) parts.push(sql`a.status = any(${arr(filter.status)}::text[])`);
  if (filter.severity?.length) parts.push(sql`a.severity = any(${arr(filter.severity)}::text[])`);
  if (filter.type?.length) {
    parts.push(sql`a.alarm_type_id in (select id from alarm_types where code = any(${arr(filter.type)}::text[]))`);
  }
  if (filter.warranty) parts.push(sql`a.warranty = ${filter.warranty === 'true'}`);
  if (filter.offline) {
    parts.push(sql`a.controller_id in (select id from controllers where online = ${filter.offline === 'false'})`);
  }
  if (filter.controller_id !== undefined) parts.push(sql`a.controller_id = ${filter.controller_id}`);
  if (filter.organization_id !== undefined) parts.push(sql`a.organization_id = ${filter.organization_id}`);
  if (filter.location_id !== undefined) parts.push(sql`a.location_id = ${filter.location_id}`);
  return sql.join(parts, sql` and `);
}

/** An alarm by its ref, only within the caller's scope (outside it, it does not exist). */
export function refInScope(scope: TenantScope, ref: number): SQL {
  return sql`a.ref = ${ref} and ${scopeSql(scope, ALARM_COLUMNS)}`;
}

type SortField = Exclude<AlarmListQuery['sort'], `-${string}`>;

const SEVERITY_RANK = sql`case a.severity when 'critical' then 4 when 'high' then 3 when 'medium' then 2 else 1 end`;

/**
 * ORDER BY for a list sort; `-x` is descending (for severity: critical first). Ties fall back to the
 * newest first, then the id, so pages never overlap.
 */
export function alarmOrder(sort: AlarmListQuery['sort']): SQL {
  const desc = sort.startsWith('-');
  const dir = desc ? sql`desc` : sql`asc`;
  // NULLS LAST/FIRST as in the indexes (raised_at desc nulls last), or they cannot give the order.
  const tail = sql`a.raised_at desc nulls last, a.id desc`;
  const field = (desc ? sort.slice(1) : sort) as SortField;
  switch (field) {
    case 'raised_at':
      return desc ? sql`a.raised_at desc nulls last, a.id desc` : sql`a.raised_at asc nulls first, a.id asc`;
    case 'ref':
      return sql`a.ref ${dir}`;
    case 'severity':
      return sql`${SEVERITY_RANK} ${dir}, ${tail}`;
    case 'acknowledged_at':
      return sql`a.acknowledged_at ${dir} nulls last, ${tail}`;
    case 'controller':
      return sql`c.name ${dir} nulls last, c.id ${dir}, ${tail}`;
    default: {
      const unreachable: never = field;
      throw new Error(`unknown sort ${String(unreachable)}`);
    }
  }
}
