import { ALARM_STATUSES, type AlarmListQuery, type AlarmListStatus } from '@rcm/shared/alarms';
import { sql } from 'drizzle-orm';
import { type Fragment, frag, fragmentOf, joinFrags, rawFrag } from '../../../db/statement.ts';
import { scopeSql, type TenantColumns, type TenantScope } from '../../auth/scope.ts';

/** The dashboard's filters without paging and sorting (lists, stats, bulk actions). */
export type AlarmFilter = Partial<Omit<AlarmListQuery, 'page' | 'per_page' | 'sort'>>;

/**
 * Everything here is a Fragment (db/statement.ts): the list and tiles run it on the fast reader;
 * drizzle callers (bulk actions, metrics) embed `.toDrizzle()`. One definition of the scope for both.
 */

/** Where a row sits in a tenant: `a.organization_id` on alarms, plain names on counters. */
const ALARM_COLUMNS: TenantColumns = { org: sql`a.organization_id`, loc: sql`a.location_id` };
const COUNTER_COLUMNS: TenantColumns = { org: sql`organization_id`, loc: sql`location_id` };

/** The tenant scope (auth/scope.ts) as a Fragment. */
function scopeFrag(scope: TenantScope, cols: TenantColumns): Fragment {
  return fragmentOf(scopeSql(scope, cols));
}

/** The filters alarm_counters can answer: its key is (organization, location, status, warranty, severity). */
export function countersCanAnswer(filter: AlarmFilter): boolean {
  return (
    !filter.type?.length &&
    filter.offline === undefined &&
    filter.controller_id === undefined &&
    filter.paged_user_id === undefined
  );
}

/**
 * Staff with no organization or location filter: `alarm_totals` (features/alarms/totals.ts) answers,
 * a few dozen rows instead of every organization's counters.
 */
export function totalsCanAnswer(scope: TenantScope, filter: AlarmFilter): boolean {
  return (
    scope.kind === 'all' &&
    scope.except.length === 0 &&
    countersCanAnswer(filter) &&
    filter.organization_id === undefined &&
    filter.location_id === undefined
  );
}

/**
 * The list statuses a filter asks for: without a Status filter, every status but suppressed and
 * shelved (the default list and its total leave those out until asked for).
 */
export function statusesOf(filter: AlarmFilter): readonly AlarmListStatus[] {
  return filter.status?.length ? filter.status : ALARM_STATUSES;
}

/** Scope and counter-dimension filters over alarm_counters (only when countersCanAnswer); `status` there is the list status. */
export function counterWhere(scope: TenantScope, filter: AlarmFilter): Fragment {
  const parts = [scopeFrag(scope, COUNTER_COLUMNS)];
  parts.push(frag`status = any(${[...statusesOf(filter)]}::text[])`);
  if (filter.warranty) parts.push(frag`warranty = ${filter.warranty === 'true'}`);
  if (filter.severity?.length) parts.push(frag`severity = any(${filter.severity}::text[])`);
  if (filter.organization_id !== undefined) parts.push(frag`organization_id = ${filter.organization_id}`);
  if (filter.location_id !== undefined) parts.push(frag`location_id = ${filter.location_id}`);
  return joinFrags(parts, ' and ');
}

/**
 * Scope and filters over `alarms a`. Everything refers to `a` alone (subqueries for types and
 * controllers), so counts need no joins and the (organization, status, raised_at) index serves lists.
 */
export function alarmWhere(scope: TenantScope, filter: AlarmFilter): Fragment {
  const parts = [scopeFrag(scope, ALARM_COLUMNS)];
  // One status as a plain equality: only then can the (…, list_status, raised_at) indexes give the order.
  const statuses = statusesOf(filter);
  if (statuses.length === 1) parts.push(frag`a.list_status = ${statuses[0]}`);
  else parts.push(frag`a.list_status = any(${[...statuses]}::text[])`);
  if (filter.severity?.length) parts.push(frag`a.severity = any(${filter.severity}::text[])`);
  if (filter.type?.length) {
    parts.push(frag`a.alarm_type_id in (select id from alarm_types where code = any(${filter.type}::text[]))`);
  }
  if (filter.warranty) parts.push(frag`a.warranty = ${filter.warranty === 'true'}`);
  if (filter.offline) {
    parts.push(frag`a.controller_id in (select id from controllers where online = ${filter.offline === 'false'})`);
  }
  if (filter.controller_id !== undefined) parts.push(frag`a.controller_id = ${filter.controller_id}`);
  if (filter.organization_id !== undefined) parts.push(frag`a.organization_id = ${filter.organization_id}`);
  if (filter.location_id !== undefined) parts.push(frag`a.location_id = ${filter.location_id}`);
  if (filter.paged_user_id !== undefined) {
    parts.push(frag`a.id in (select alarm_id from alarm_pages where user_id = ${filter.paged_user_id})`);
  }
  return joinFrags(parts, ' and ');
}

/** An alarm by its ref, only within the caller's scope (outside it, it does not exist). */
export function refInScope(scope: TenantScope, ref: number): Fragment {
  return frag`a.ref = ${ref} and ${scopeFrag(scope, ALARM_COLUMNS)}`;
}

type SortField = Exclude<AlarmListQuery['sort'], `-${string}`>;

const SEVERITY_RANK = `case a.severity when 'critical' then 4 when 'high' then 3 when 'medium' then 2 else 1 end`;

/**
 * ORDER BY for a list sort; `-x` is descending (for severity: critical first). Ties fall back to the
 * newest first, then the id, so pages never overlap.
 */
export function alarmOrder(sort: AlarmListQuery['sort']): Fragment {
  return rawFrag(alarmOrderText(sort));
}

function alarmOrderText(sort: AlarmListQuery['sort']): string {
  const desc = sort.startsWith('-');
  const dir = desc ? 'desc' : 'asc';
  // NULLS LAST/FIRST as in the indexes (raised_at desc nulls last), or they cannot give the order.
  const tail = 'a.raised_at desc nulls last, a.id desc';
  const field = (desc ? sort.slice(1) : sort) as SortField;
  switch (field) {
    case 'raised_at':
      return desc ? 'a.raised_at desc nulls last, a.id desc' : 'a.raised_at asc nulls first, a.id asc';
    case 'ref':
      return `a.ref ${dir}`;
    case 'severity':
      return `${SEVERITY_RANK} ${dir}, ${tail}`;
    case 'acknowledged_at':
      return `a.acknowledged_at ${dir} nulls last, ${tail}`;
    case 'controller':
      return `c.name ${dir} nulls last, c.id ${dir}, ${tail}`;
    default: {
      const unreachable: never = field;
      throw new Error(`unknown sort ${String(unreachable)}`);
    }
  }
}
