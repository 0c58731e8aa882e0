import type { AlarmSummary } from '@rcm/shared/alarms';
import type { Db } from '../../../db/client.ts';
import { frag, rawFrag } from '../../../db/statement.ts';
import { toIso as iso, query } from '../../../lib/sql.ts';

/** The alarm's own columns a summary needs (`select a.*` would drag the notes along). */
export const ALARM_SUMMARY_COLUMNS =
  rawFrag(`a.id, a.ref, a.status, a.severity, a.reason, a.reason_es, a.subject, a.rack_ref,
  a.device_address, a.value, a.warranty, a.occurrences, a.raised_at, a.acknowledged_at, a.cleared_at,
  a.organization_id, a.location_id, a.controller_id, a.alarm_type_id, a.suppressed, a.maintenance_window_id,
  a.shelved_until, a.shelved_by, a.shelve_reason, a.chattering, a.historical`);

/**
 * Who is on an open alarm: the people of its latest page (the step and run of the chain that paged
 * last), by name; empty for a cleared alarm. A subquery per row of the page, on alarm_pages' (alarm, at)
 * index: the list stays one statement.
 */
const PAGED = `case when a.status = 'cleared' then '[]'::json else coalesce((select json_agg(p order by p.name, p.id)
  from (select distinct u.id, u.name from alarm_pages ap join users u on u.id = ap.user_id
    where ap.alarm_id = a.id and (ap.cycle, ap.step) = (select l.cycle, l.step from alarm_pages l
      where l.alarm_id = a.id order by l.at desc, l.id desc limit 1)) p), '[]'::json) end`;

/** The select list and joins (`c`, `t`, `loc`) that turn alarm rows into AlarmSummary rows (lists, events, views). */
export const SUMMARY_SELECT = rawFrag(`
  a.id, a.ref, a.status, a.severity, a.reason, a.reason_es, a.subject, a.rack_ref, a.device_address, a.value,
  a.warranty, a.occurrences, a.raised_at, a.acknowledged_at, a.cleared_at, a.organization_id,
  a.location_id, loc.name as summary_location_name, c.id as controller_id, c.name as controller_name, c.mac_address,
  t.id as type_id, t.code as type_code, t.name as type_name, t.name_es as type_name_es,
  a.suppressed, a.maintenance_window_id, mw.reason as maintenance_reason, a.shelved_until, a.shelved_by,
  su.name as shelved_by_name, a.shelve_reason, a.chattering, a.historical, ${PAGED} as paged`);

export const SUMMARY_JOINS = rawFrag(
  `join controllers c on c.id = a.controller_id join alarm_types t on t.id = a.alarm_type_id
  left join locations loc on loc.id = a.location_id
  left join maintenance_windows mw on mw.id = a.maintenance_window_id left join users su on su.id = a.shelved_by`,
);
export const SUMMARY_FROM = frag`alarms a ${SUMMARY_JOINS}`;

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds, `Z`). */
const isoSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One AlarmSummary as a record whose JSON (json_agg, to_json) is the object toSummary makes, built by
 * PostgreSQL from `a` (alarm columns), `c` and `t` (SUMMARY_JOINS), for the list, which sends the
 * page's JSON text as it comes (list.test.ts compares the two on every alarm). A record's column names
 * become the keys: cheaper than json_build_object's variadic arguments, and compact text.
 */
export const SUMMARY_JSON = rawFrag(`(select r from (select a.id, a.ref, a.status, a.severity, a.reason,
  a.reason_es, a.subject, a.rack_ref, a.device_address, a.value, a.warranty, a.occurrences,
  ${isoSql('a.raised_at')} as raised_at, ${isoSql('a.acknowledged_at')} as acknowledged_at,
  ${isoSql('a.cleared_at')} as cleared_at, a.organization_id, a.location_id,
  case when loc.id is null then null else (select l2 from (select loc.id, loc.name) l2) end as location,
  (select c2 from (select c.id, c.name, c.mac_address) c2) as controller,
  (select t2 from (select t.id, t.code, t.name, t.name_es) t2) as alarm_type, a.suppressed,
  case when mw.id is null then null else (select m2 from (select mw.id, mw.reason) m2) end as maintenance_window,
  ${isoSql('a.shelved_until')} as shelved_until,
  case when su.id is null then null else (select s2 from (select su.id, su.name) s2) end as shelved_by,
  a.shelve_reason, a.chattering, a.historical, ${PAGED} as paged) r)`);

type Row = Record<string, unknown>;

/** The paged people as the driver hands the json column over (parsed, or its text). */
function pagedOf(value: unknown): AlarmSummary['paged'] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(list)) return [];
  return list.map((p: { id: unknown; name: unknown }) => ({ id: Number(p.id), name: String(p.name) }));
}

export function toSummary(r: Row): AlarmSummary {
  return {
    id: Number(r.id),
    ref: Number(r.ref),
    status: r.status as AlarmSummary['status'],
    severity: r.severity as AlarmSummary['severity'],
    reason: String(r.reason),
    reason_es: (r.reason_es as string | null) ?? null,
    subject: String(r.subject),
    rack_ref: (r.rack_ref as string | null) ?? null,
    device_address: (r.device_address as string | null) ?? null,
    value: r.value == null ? null : Number(r.value),
    warranty: Boolean(r.warranty),
    occurrences: Number(r.occurrences),
    raised_at: iso(r.raised_at) ?? '',
    acknowledged_at: iso(r.acknowledged_at),
    cleared_at: iso(r.cleared_at),
    organization_id: Number(r.organization_id),
    location_id: r.location_id == null ? null : Number(r.location_id),
    location: r.location_id == null ? null : { id: Number(r.location_id), name: String(r.summary_location_name) },
    controller: {
      id: Number(r.controller_id),
      name: (r.controller_name as string | null) ?? null,
      mac_address: String(r.mac_address),
    },
    alarm_type: {
      id: Number(r.type_id),
      code: String(r.type_code),
      name: String(r.type_name),
      name_es: String(r.type_name_es),
    },
    suppressed: r.suppressed === true,
    maintenance_window:
      r.maintenance_window_id == null
        ? null
        : { id: Number(r.maintenance_window_id), reason: String(r.maintenance_reason) },
    shelved_until: iso(r.shelved_until),
    shelved_by: r.shelved_by == null ? null : { id: Number(r.shelved_by), name: String(r.shelved_by_name) },
    shelve_reason: (r.shelve_reason as string | null) ?? null,
    chattering: r.chattering === true,
    historical: r.historical === true,
    paged: pagedOf(r.paged),
  };
}

export async function alarmSummariesByIds(db: Db, ids: number[]): Promise<AlarmSummary[]> {
  if (ids.length === 0) return [];
  const rows = await query<Row>(
    db,
    frag`select ${SUMMARY_SELECT} from ${SUMMARY_FROM} where a.id = any(${ids}::int[]) order by a.id`.toDrizzle(),
  );
  return rows.map(toSummary);
}
