import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';

/** One row per case point: what it reported over the range (case_hours), its periods and its alarms. */
export type CaseRow = {
  controller_id: number;
  controller: string;
  location_id: number | null;
  location: string | null;
  addr: string;
  rack_ref: string;
  name: string | null;
  observed_s: number;
  held_s: number;
  in_range_s: number;
  defrosts: number;
  defrost_avg_s: number | null;
  defrost_max_s: number | null;
  doors: number;
  held_defrost: number;
  held_product: number;
  alarms: number;
};

/**
 * The case performance rows of the range in scope (`where` over `c`, the controllers): every point
 * with hours or case events in the range, with the temperature (point-type) alarms raised on it.
 * Periods count where they start; a defrost still going on counts up to `eff` (now, or the range's end).
 */
export function casePerformanceRows(
  db: Db,
  where: SQL,
  range: { start: Date; end: Date; eff: Date },
): Promise<CaseRow[]> {
  const start = range.start.toISOString();
  const end = range.end.toISOString();
  const eff = range.eff.toISOString();
  return query<CaseRow>(
    db,
    sql`with h as (
        select h.controller_id, h.addr, max(h.rack_ref) as rack_ref, sum(h.observed_s) as observed_s,
          sum(h.held_s) as held_s, sum(h.in_range_s) as in_range_s
        from case_hours h join controllers c on c.id = h.controller_id
        where h.bucket >= ${start}::timestamptz and h.bucket < ${end}::timestamptz and ${where}
        group by 1, 2),
      e as (
        select e.controller_id, e.addr, max(e.rack_ref) as rack_ref,
          (count(*) filter (where e.kind = 'defrost'))::int as defrosts,
          (avg(extract(epoch from coalesce(e.ended_at, ${eff}::timestamptz) - e.started_at)) filter (where e.kind = 'defrost'))::float8 as defrost_avg_s,
          (max(extract(epoch from coalesce(e.ended_at, ${eff}::timestamptz) - e.started_at)) filter (where e.kind = 'defrost'))::float8 as defrost_max_s,
          (count(*) filter (where e.kind = 'door_open'))::int as doors,
          (count(*) filter (where e.kind = 'held_defrost'))::int as held_defrost,
          (count(*) filter (where e.kind = 'held_product'))::int as held_product
        from case_events e join controllers c on c.id = e.controller_id
        where e.started_at >= ${start}::timestamptz and e.started_at < ${end}::timestamptz and ${where}
        group by 1, 2),
      p as (
        select coalesce(h.controller_id, e.controller_id) as controller_id, coalesce(h.addr, e.addr) as addr,
          coalesce(h.rack_ref, e.rack_ref) as rack_ref, coalesce(h.observed_s, 0)::float8 as observed_s,
          coalesce(h.held_s, 0)::float8 as held_s, coalesce(h.in_range_s, 0)::float8 as in_range_s,
          coalesce(e.defrosts, 0) as defrosts, e.defrost_avg_s, e.defrost_max_s, coalesce(e.doors, 0) as doors,
          coalesce(e.held_defrost, 0) as held_defrost, coalesce(e.held_product, 0) as held_product
        from h full join e on e.controller_id = h.controller_id and e.addr = h.addr)
      select p.*, c.name as controller, c.location_id, l.name as location, rp.name,
        (select count(*)::int from alarms a join alarm_types t on t.id = a.alarm_type_id
          where a.controller_id = p.controller_id and a.subject = p.addr and t.source = 'point'
            and a.raised_at >= ${start}::timestamptz and a.raised_at < ${end}::timestamptz) as alarms
      from p join controllers c on c.id = p.controller_id
      left join locations l on l.id = c.location_id
      left join rack_points rp on rp.controller_id = p.controller_id and rp.addr = p.addr
      order by l.name nulls last, c.name, c.id, p.addr`,
  );
}

/** Whether a location exists within the scope (`where` over `l`, the locations). */
export async function locationInScope(db: Db, id: number, where: SQL): Promise<boolean> {
  const rows = await query<{ id: number }>(db, sql`select l.id from locations l where l.id = ${id} and ${where}`);
  return rows.length > 0;
}
