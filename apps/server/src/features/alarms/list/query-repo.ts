import {
  ALARM_LIST_STATUSES,
  type AlarmDetail,
  type AlarmFlood,
  type AlarmListQuery,
  type AlarmStats,
} from '@rcm/shared/alarms';
import type { AlarmSeverity } from '@rcm/shared/device';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { type Fragment, frag, joinFrags, rawFrag, readerFor, statementCache } from '../../../db/statement.ts';
import { toIso as iso, query } from '../../../lib/sql.ts';
import { scopeSql, type TenantScope } from '../../auth/scope.ts';
import {
  type AlarmFilter,
  alarmOrder,
  alarmWhere,
  countersCanAnswer,
  counterWhere,
  refInScope,
  statusesOf,
  totalsCanAnswer,
} from './alarm-filter.ts';
import {
  ALARM_SUMMARY_COLUMNS,
  SUMMARY_FROM,
  SUMMARY_JOINS,
  SUMMARY_JSON,
  SUMMARY_SELECT,
  toSummary,
} from './summaries.ts';
import { ALARM_TOTALS_FROM } from './totals.ts';

type Row = Record<string, unknown>;

const person = (id: unknown, name: unknown) => (id == null ? null : { id: Number(id), name: String(name) });

/**
 * Whether the alarm's cause holds now: the engine keeps a threshold or status condition in
 * alarm_conditions while the latest readings hold it (and deletes it once they release it); an
 * offline alarm's cause is its controller being offline. Device alarms and the leak trend keep no
 * such state: null.
 */
const CONDITION_PRESENT = rawFrag(`case
  when t.source in ('metric', 'point', 'status') then exists (select 1 from alarm_conditions ac
    where ac.controller_id = a.controller_id and ac.alarm_type_id = a.alarm_type_id and ac.subject = a.subject)
  when t.source = 'offline' then not c.online
  end`);

function toDetail(r: Row): AlarmDetail {
  const summary = toSummary(r);
  return {
    ...summary,
    registered_at: iso(r.registered_at) ?? '',
    last_occurrence_at: iso(r.last_occurrence_at) ?? '',
    acknowledged_by: person(r.ack_user_id, r.ack_user_name),
    cleared_by: person(r.clear_user_id, r.clear_user_name),
    notes: String(r.notes),
    notes_by: person(r.notes_user_id, r.notes_user_name),
    notes_at: iso(r.notes_at),
    health_status: String(r.health_status) as AlarmDetail['health_status'],
    clear_reason: r.clear_reason === 'decommissioned' || r.clear_reason === 'maintenance_ended' ? r.clear_reason : null,
    condition_present: r.condition_present == null ? null : Boolean(r.condition_present),
    controller: {
      ...summary.controller,
      store_alias: (r.store_alias as string | null) ?? null,
      device_model: (r.device_model as string | null) ?? null,
      warranty_expiry: (r.warranty_expiry as string | null) ?? null,
      online: Boolean(r.online),
    },
    location:
      summary.location_id == null
        ? null
        : { id: summary.location_id, name: String(r.location_name), archived: r.location_archived === true },
    organization: {
      id: summary.organization_id,
      name: String(r.organization_name),
      archived: r.organization_archived === true,
    },
  };
}

/**
 * One page of alarm rows (the alarm's own columns), in the list's order. Sorted by time over several
 * statuses, it is the merge of one index-ordered scan per status (no index has raised_at without status
 * before it), each cut at the page's end, instead of sorting every alarm of the scope. Controllers and
 * types are joined to the page's rows only (for the controller sort, the page query joins controllers).
 */
function pageOfAlarms(scope: TenantScope, q: AlarmListQuery): Fragment {
  const statuses = statusesOf(q);
  const order = alarmOrder(q.sort);
  // The page size is written into the text, not bound: the statements run with generic plans, and with
  // an unknown LIMIT PostgreSQL planned for 10% of the table (a hash join over every controller, 9 ms).
  // per_page is a validated integer of 1..100, so this adds at most 100 shapes.
  if (!Number.isInteger(q.per_page) || q.per_page < 1 || q.per_page > 100) throw new Error('bad per_page');
  const page = frag`order by ${order} limit ${rawFrag(String(q.per_page))} offset ${(q.page - 1) * q.per_page}`;
  if (q.sort.endsWith('controller')) {
    return frag`select ${ALARM_SUMMARY_COLUMNS} from alarms a join controllers c on c.id = a.controller_id
      where ${alarmWhere(scope, q)} ${page}`;
  }
  if (!q.sort.endsWith('raised_at') || statuses.length === 1) {
    return frag`select ${ALARM_SUMMARY_COLUMNS} from alarms a where ${alarmWhere(scope, q)} ${page}`;
  }
  // Each branch needs the rows up to the end of the page. For the first pages (nearly every request)
  // that bound is written into the text too, for the same reason as the page size; deeper pages bind
  // it, so page numbers cannot use up the reader's bounded set of named statements.
  const upTo = q.page * q.per_page;
  const branchLimit = upTo <= 250 ? rawFrag(String(upTo)) : frag`${upTo}`;
  const branches = statuses.map(
    (status) =>
      frag`(select ${ALARM_SUMMARY_COLUMNS} from alarms a where ${alarmWhere(scope, { ...q, status: [status] })}
          order by ${order} limit ${branchLimit})`,
  );
  return frag`select * from (${joinFrags(branches, ' union all ')}) a ${page}`;
}

/** The counters that answer for this scope and filter (staff's totals, or the tenants' counters). */
function countersFrom(scope: TenantScope, filter: AlarmFilter): Fragment {
  return totalsCanAnswer(scope, filter) ? ALARM_TOTALS_FROM : frag`alarm_counters`;
}

/** How many alarms match: from the counters when they can answer, else an exact count. */
function totalOf(scope: TenantScope, filter: AlarmFilter): Fragment {
  return countersCanAnswer(filter)
    ? frag`select coalesce(sum(count), 0)::int from ${countersFrom(scope, filter)} where ${counterWhere(scope, filter)}`
    : frag`select count(*)::int from alarms a where ${alarmWhere(scope, filter)}`;
}

/** The list and tiles statements by (scope, query): both determine the statement entirely. */
const compiled = statementCache();

/**
 * The list's page as one row `(json, total)`: the page's AlarmSummary array as JSON text, built by
 * PostgreSQL, and how many alarms match. Its columns are named apart from the session's, so it can
 * ride along with the session lookup (AuthService.authenticateWith).
 */
export function pageStatement(scope: TenantScope, q: AlarmListQuery): Fragment {
  return compiled(`page ${JSON.stringify(scope)} ${JSON.stringify(q)}`, () => pageFragment(scope, q));
}

function pageFragment(scope: TenantScope, q: AlarmListQuery): Fragment {
  return frag`select
      (select coalesce(json_agg(${SUMMARY_JSON} order by ${alarmOrder(q.sort)}), '[]')::text
         from (${pageOfAlarms(scope, q)}) a ${SUMMARY_JOINS}) as json,
      (${totalOf(scope, q)}) as total`;
}

export function pageOf(row: Record<string, unknown> | undefined): { json: string; total: number } {
  return { json: (row?.json as string | undefined) ?? '[]', total: Number(row?.total ?? 0) };
}

/** The tiles as one row: summed counters when they can answer, else conditional counts. */
export function statsStatement(scope: TenantScope, filter: AlarmFilter): Fragment {
  return compiled(`stats ${JSON.stringify(scope)} ${JSON.stringify(filter)}`, () => statsFragment(scope, filter));
}

/** The tiles count every list status (suppressed and shelved have tiles of their own) unless a Status filter narrows them. */
const tileFilter = (filter: AlarmFilter): AlarmFilter =>
  filter.status?.length ? filter : { ...filter, status: [...ALARM_LIST_STATUSES] };

function statsFragment(scope: TenantScope, filter: AlarmFilter): Fragment {
  return countersCanAnswer(filter)
    ? frag`select
        coalesce(sum(count) filter (where status = 'active'), 0)::int as active,
        coalesce(sum(count) filter (where status = 'acknowledged'), 0)::int as acknowledged,
        coalesce(sum(count) filter (where status = 'cleared'), 0)::int as cleared,
        coalesce(sum(count) filter (where status = 'active' and warranty), 0)::int as warranty_active,
        coalesce(sum(count) filter (where status = 'suppressed'), 0)::int as suppressed,
        coalesce(sum(count) filter (where status = 'shelved'), 0)::int as shelved
      from ${countersFrom(scope, filter)} where ${counterWhere(scope, tileFilter(filter))}`
    : frag`select
        count(*) filter (where a.list_status = 'active')::int as active,
        count(*) filter (where a.list_status = 'acknowledged')::int as acknowledged,
        count(*) filter (where a.list_status = 'cleared')::int as cleared,
        count(*) filter (where a.list_status = 'active' and a.warranty)::int as warranty_active,
        count(*) filter (where a.list_status = 'suppressed')::int as suppressed,
        count(*) filter (where a.list_status = 'shelved')::int as shelved
      from alarms a where ${alarmWhere(scope, tileFilter(filter))}`;
}

export function statsOf(row: Record<string, unknown> | undefined): AlarmStats {
  return {
    active: Number(row?.active ?? 0),
    acknowledged: Number(row?.acknowledged ?? 0),
    cleared: Number(row?.cleared ?? 0),
    warranty_active: Number(row?.warranty_active ?? 0),
    suppressed: Number(row?.suppressed ?? 0),
    shelved: Number(row?.shelved ?? 0),
  };
}

/** Reads of alarms; every one takes the caller's tenant scope. */
export function createAlarmQueryRepo(db: Db) {
  // The list and the tiles run on every dashboard load and refresh: fixed statements on the fast reader.
  const read = readerFor(db);
  return {
    /**
     * One page of the list as JSON text (an array of AlarmSummary, built by PostgreSQL) and the total,
     * in one round trip. Parsing 25 wide rows in the driver and serializing them again cost more than
     * the query; the text goes into the response as it is.
     */
    async page(scope: TenantScope, q: AlarmListQuery): Promise<{ json: string; total: number }> {
      const [row] = await read(pageStatement(scope, q));
      return pageOf(row);
    },

    /** The dashboard tiles in one query: summed counters when they can answer, else conditional counts. */
    async stats(scope: TenantScope, filter: AlarmFilter): Promise<AlarmStats> {
      const [row] = await read(statsStatement(scope, filter));
      return statsOf(row);
    },

    async detail(scope: TenantScope, ref: number): Promise<AlarmDetail | null> {
      const [row] = await query<Row>(
        db,
        frag`select ${SUMMARY_SELECT}, a.registered_at, a.last_occurrence_at, a.notes, a.health_status, a.clear_reason,
              c.store_alias, c.device_model, c.warranty_expiry::text as warranty_expiry, c.online,
              l.name as location_name, o.name as organization_name,
              l.archived_at is not null as location_archived, o.archived_at is not null as organization_archived,
              ua.id as ack_user_id, ua.name as ack_user_name, uc.id as clear_user_id, uc.name as clear_user_name,
              un.id as notes_user_id, un.name as notes_user_name, n.created_at as notes_at,
              ${CONDITION_PRESENT} as condition_present
            from ${SUMMARY_FROM}
              join organizations o on o.id = a.organization_id
              left join locations l on l.id = a.location_id
              left join users ua on ua.id = a.acknowledged_by
              left join users uc on uc.id = a.cleared_by
              -- The notes' last save: its audit entry says who and when.
              left join lateral (select g.actor_user_id, g.created_at from audit_log g
                where g.action = 'alarm.notes' and g.subject_type = 'alarm' and g.subject_id = a.ref::text
                order by g.id desc limit 1) n on true
              left join users un on un.id = n.actor_user_id
            where ${refInScope(scope, ref)}`.toDrizzle(),
      );
      return row ? toDetail(row) : null;
    },

    /** Locations in an alarm flood now, within the scope (the dashboard's flood banner). */
    async floods(scope: TenantScope): Promise<AlarmFlood[]> {
      const where = scopeSql(scope, { org: sql`f.organization_id`, loc: sql`f.location_id` });
      const rows = await query<{
        id: number;
        organization_id: number;
        location_id: number;
        name: string;
        started_at: unknown;
        alarm_count: number;
      }>(
        db,
        sql`select f.id, f.organization_id, f.location_id, l.name, f.started_at, f.alarm_count
            from alarm_floods f join locations l on l.id = f.location_id
            where f.ended_at is null and ${where} order by f.started_at`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        organization_id: Number(r.organization_id),
        location: { id: Number(r.location_id), name: r.name },
        started_at: iso(r.started_at) ?? '',
        alarm_count: Number(r.alarm_count),
      }));
    },

    /** The alarm types for the list's filter (not tenant data: the catalogue is shared). */
    async types() {
      const rows = await query<{ id: number; code: string; name: string; name_es: string; severity: AlarmSeverity }>(
        db,
        sql`select id, code, name, name_es, severity from alarm_types order by name, id`,
      );
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },
  };
}

export type AlarmQueryRepo = ReturnType<typeof createAlarmQueryRepo>;
