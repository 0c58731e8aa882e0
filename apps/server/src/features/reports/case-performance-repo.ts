import type { CasePerformanceQuery } from '@rcm/shared/case-performance';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';
import type { TenantScope } from '../auth/scope.ts';
import { tenantWhere, utcBounds } from './filters.ts';
import { EXCURSION_STARTS, haccpBase } from './haccp-repo.ts';

/** One row per case point: what it reported over the range (case_hours), its periods, alarms and HACCP hours. */
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
  first_at: string | null;
  last_at: string | null;
  defrosts: number;
  defrost_avg_s: number | null;
  defrost_max_s: number | null;
  doors: number;
  held_defrost: number;
  held_product: number;
  alarms: number;
  hours_logged: number;
  hours_above: number;
  above_held: number;
  excursions: number;
};

/**
 * The case performance rows of the range in scope: every point with engine hours (case_hours), case
 * events or HACCP hours (readings_hourly, as the HACCP log reads them) in the range, with the temperature
 * (point-type) alarms raised on it. Days are the local days of the controller's location (UTC without
 * one), as the HACCP log counts them. Periods count where they start; a defrost still going on counts
 * up to now, or the range's local end when that is earlier. An hour above the HACCP limit is "in defrost" when the engine
 * held the case's limits in that hour (a defrost or its recovery).
 */
function rows(
  db: Db,
  scope: TenantScope,
  q: Pick<CasePerformanceQuery, 'from' | 'to' | 'location_id'>,
  now: Date,
): Promise<CaseRow[]> {
  const { start, end } = utcBounds(q);
  // Every local day lies within a day of its UTC day: the margin keeps the indexes usable.
  const lo = new Date(start.getTime() - 86_400_000).toISOString();
  const hi = new Date(end.getTime() + 86_400_000).toISOString();
  const where = tenantWhere(scope, { org: sql`c.organization_id`, loc: sql`c.location_id` }, q);
  const eff = sql`least(${now.toISOString()}::timestamptz, ((${q.to}::date + 1)::timestamp at time zone cl.tz))`;
  const inDays = (col: SQL) => sql`(${col} at time zone cl.tz)::date between ${q.from}::date and ${q.to}::date`;
  return query<CaseRow>(
    db,
    sql`with cl as materialized (
        select c.id, coalesce(l.timezone, 'UTC') as tz from controllers c left join locations l on l.id = c.location_id
        where ${where}),
      o as (
        select ch.controller_id, ch.addr, max(ch.rack_ref) as rack_ref, sum(ch.observed_s) as observed_s,
          sum(ch.held_s) as held_s, sum(ch.in_range_s) as in_range_s, min(ch.bucket) as first_at,
          max(ch.bucket) + interval '1 hour' as last_at
        from case_hours ch join cl on cl.id = ch.controller_id
        where ch.bucket >= ${lo}::timestamptz and ch.bucket < ${hi}::timestamptz and ${inDays(sql`ch.bucket`)}
        group by 1, 2),
      e as (
        select e.controller_id, e.addr, max(e.rack_ref) as rack_ref,
          (count(*) filter (where e.kind = 'defrost'))::int as defrosts,
          (avg(extract(epoch from coalesce(e.ended_at, ${eff}) - e.started_at)) filter (where e.kind = 'defrost'))::float8 as defrost_avg_s,
          (max(extract(epoch from coalesce(e.ended_at, ${eff}) - e.started_at)) filter (where e.kind = 'defrost'))::float8 as defrost_max_s,
          (count(*) filter (where e.kind = 'door_open'))::int as doors,
          (count(*) filter (where e.kind = 'held_defrost'))::int as held_defrost,
          (count(*) filter (where e.kind = 'held_product'))::int as held_product
        from case_events e join cl on cl.id = e.controller_id
        where e.started_at >= ${lo}::timestamptz and e.started_at < ${hi}::timestamptz and ${inDays(sql`e.started_at`)}
        group by 1, 2),
      h as (${haccpBase(scope, q)}),
      s as (${EXCURSION_STARTS}),
      x as (
        select s.controller_id, s.point as addr, split_part(s.point, '.', 1) as rack_ref, count(*)::int as hours_logged,
          (count(*) filter (where s.max > s.lim))::int as hours_above,
          (count(*) filter (where s.max > s.lim and ch.held_s > 0))::int as above_held,
          (count(*) filter (where s.starts))::int as excursions
        from s
        left join case_hours ch on ch.controller_id = s.controller_id and ch.addr = s.point and ch.bucket = s.bucket
        group by 1, 2),
      k as (
        select controller_id, addr, max(rack_ref) as rack_ref from (
          select controller_id, addr, rack_ref from o union all select controller_id, addr, rack_ref from e
          union all select controller_id, addr, rack_ref from x) u
        group by 1, 2),
      p as (
        select k.controller_id, k.addr, k.rack_ref, coalesce(o.observed_s, 0)::float8 as observed_s,
          coalesce(o.held_s, 0)::float8 as held_s, coalesce(o.in_range_s, 0)::float8 as in_range_s, o.first_at, o.last_at,
          coalesce(e.defrosts, 0) as defrosts, e.defrost_avg_s, e.defrost_max_s, coalesce(e.doors, 0) as doors,
          coalesce(e.held_defrost, 0) as held_defrost, coalesce(e.held_product, 0) as held_product,
          coalesce(x.hours_logged, 0) as hours_logged, coalesce(x.hours_above, 0) as hours_above,
          coalesce(x.above_held, 0) as above_held, coalesce(x.excursions, 0) as excursions
        from k left join o on o.controller_id = k.controller_id and o.addr = k.addr
        left join e on e.controller_id = k.controller_id and e.addr = k.addr
        left join x on x.controller_id = k.controller_id and x.addr = k.addr)
      select p.*, c.name as controller, c.location_id, l.name as location, rp.name,
        (select count(*)::int from alarms a join alarm_types t on t.id = a.alarm_type_id
          where a.controller_id = p.controller_id and a.subject = p.addr and t.source = 'point'
            and a.raised_at >= ${lo}::timestamptz and a.raised_at < ${hi}::timestamptz
            and (a.raised_at at time zone coalesce(l.timezone, 'UTC'))::date between ${q.from}::date and ${q.to}::date) as alarms
      from p join controllers c on c.id = p.controller_id
      left join locations l on l.id = c.location_id
      left join rack_points rp on rp.controller_id = p.controller_id and rp.addr = p.addr
      order by l.name nulls last, c.name, c.id, p.addr`,
  );
}

/** The case performance report's reads. */
export function createCasePerformanceRepo(db: Db) {
  return {
    rows: (scope: TenantScope, q: Pick<CasePerformanceQuery, 'from' | 'to' | 'location_id'>, now: Date) =>
      rows(db, scope, q, now),

    /** Whether a location exists within the scope. */
    async locationInScope(scope: TenantScope, id: number): Promise<boolean> {
      const where = tenantWhere(scope, { org: sql`l.organization_id`, loc: sql`l.id` }, {});
      const found = await query<{ id: number }>(db, sql`select l.id from locations l where l.id = ${id} and ${where}`);
      return found.length > 0;
    },
  };
}

export type CasePerformanceRepo = ReturnType<typeof createCasePerformanceRepo>;
