import type { HaccpQuery, HaccpRow } from '@rcm/shared/reports';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';
import type { TenantScope } from '../auth/scope.ts';
import { tenantWhere, utcBounds } from './filters.ts';
import { num } from './row-values.ts';

/** Case temperature points: `{rack}.CASE{n}` (simulator and device contract). */
const CASE_KEY = sql`h.key ~ '\\.CASE[0-9]+$'`;

/** A case of the HACCP log: where it is and what it reads. */
export type CaseRef = {
  organization_name: string;
  location_id: number;
  location_name: string;
  timezone: string;
  controller_name: string;
  point: string;
  point_name: string | null;
  rack_ref: string;
  rack_name: string | null;
  unit: string;
  limit: number;
};

/** A case as `caseColumns` selects it. */
export function caseRef(r: Record<string, unknown>): CaseRef {
  return {
    organization_name: String(r.organization_name),
    location_id: num(r.location_id),
    location_name: String(r.location_name),
    timezone: String(r.timezone),
    controller_name: String(r.controller_name),
    point: String(r.point),
    point_name: (r.point_name as string | null) ?? null,
    rack_ref: String(r.rack_ref),
    rack_name: (r.rack_name as string | null) ?? null,
    unit: String(r.unit),
    limit: num(r.lim),
  };
}

/**
 * The names of a case's place, controller, rack and point, and its limit, for the rows of `src` (a
 * query with `location_id`, `controller_id`, `point` and `lim`) joined by `caseFrom`.
 */
export function caseColumns(src: 'g' | 'h') {
  const s = sql.raw(src);
  return sql`o.name as organization_name, l.id as location_id, l.name as location_name, l.timezone,
    coalesce(c.name, c.mac_address) as controller_name, ${s}.point, rp.name as point_name,
    split_part(${s}.point, '.', 1) as rack_ref, rk.name as rack_name, coalesce(rp.unit, '°F') as unit, ${s}.lim`;
}

/** `from src` joined to the location, organization, controller, rack point and rack `caseColumns` names. */
export function caseFrom(src: 'g' | 'h') {
  const s = sql.raw(src);
  return sql`from ${s}
    join locations l on l.id = ${s}.location_id
    join organizations o on o.id = l.organization_id
    join controllers c on c.id = ${s}.controller_id
    left join rack_points rp on rp.controller_id = ${s}.controller_id and rp.addr = ${s}.point
    left join racks rk on rk.controller_id = ${s}.controller_id and rk.ref = split_part(${s}.point, '.', 1)`;
}

/** The queries of the HACCP log's screen and CSV, limited to the caller's scope in SQL. */
export function createHaccpRepo(db: Db) {
  return {
    /**
     * The HACCP log: for each location, local day and case point, the highest temperature of every
     * local hour (hourly rollups), excursions being hours above the limit of the point's unit.
     */
    async haccp(
      scope: TenantScope,
      q: HaccpQuery,
      page: { limit: number; offset: number } | null,
    ): Promise<{ rows: HaccpRow[]; total: number }> {
      const base = haccpBase(scope, q);
      const rows = await query<Record<string, unknown>>(
        db,
        sql`with h as (${base}),
            g as (
              select location_id, controller_id, point, day, lim, jsonb_object_agg(hour::text, max) as hours,
                min(min) as min, max(max) as max, (count(*) filter (where max > lim))::int as excursions
              from h group by location_id, controller_id, point, day, lim
            )
            select ${caseColumns('g')}, g.day::text as day, g.hours, g.min, g.max, g.excursions,
              (count(*) over ())::int as total
            ${caseFrom('g')}
            order by o.name, l.name, l.id, g.day, controller_name, g.point
            ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
      );
      const out = rows.map((r): HaccpRow => {
        const byHour = (typeof r.hours === 'string' ? JSON.parse(r.hours) : r.hours) as Record<string, number>;
        const hours = Array.from({ length: 24 }, (_, i) => (byHour[String(i)] ?? null) as number | null);
        return {
          ...caseRef(r),
          day: String(r.day),
          hours: hours.map((v) => (v == null ? null : Math.round(v * 10) / 10)),
          min: r.min == null ? null : Math.round(num(r.min) * 10) / 10,
          max: r.max == null ? null : Math.round(num(r.max) * 10) / 10,
          excursions: num(r.excursions),
        };
      });
      let total = num(rows[0]?.total);
      if (page && rows.length === 0 && page.offset > 0) {
        const [c] = await query<{ n: number }>(
          db,
          sql`with h as (${base}) select count(*)::int as n from
              (select 1 from h group by location_id, day, controller_id, point) g`,
        );
        total = num(c?.n);
      }
      return { rows: out, total };
    },

    async haccpSummary(scope: TenantScope, q: HaccpQuery) {
      const base = haccpBase(scope, q);
      const [[totals], days] = await Promise.all([
        query<Record<string, unknown>>(
          db,
          sql`with h as (${base}) select count(distinct location_id)::int as locations,
                count(distinct (controller_id, point))::int as cases, count(*)::int as hours_logged,
                (count(*) filter (where max > lim))::int as excursions from h`,
        ),
        query<Record<string, unknown>>(
          db,
          sql`with h as (${base}) select day::text as day, count(*)::int as hours_logged,
                (count(*) filter (where max > lim))::int as excursions from h group by day order by day`,
        ),
      ]);
      return {
        locations: num(totals?.locations),
        cases: num(totals?.cases),
        hours_logged: num(totals?.hours_logged),
        excursions: num(totals?.excursions),
        by_day: days.map((d) => ({
          day: String(d.day),
          hours_logged: num(d.hours_logged),
          excursions: num(d.excursions),
        })),
      };
    },
  };
}

/**
 * Hourly case temperatures in scope, stamped with the location's local day and hour. Rollup buckets
 * are read with a margin of a day either side of the range so every local day is whole.
 */
export function haccpBase(scope: TenantScope, q: HaccpQuery) {
  const { start, end } = utcBounds(q);
  const lo = new Date(start.getTime() - 86_400_000).toISOString();
  const hi = new Date(end.getTime() + 86_400_000).toISOString();
  const local = sql`(h.bucket at time zone l.timezone)`;
  return sql`select l.id as location_id, c.id as controller_id, h.key as point,
      case when rp.unit = '°C' then 5 else 41 end as lim,
      ${local}::date as day, extract(hour from ${local})::int as hour, h.bucket, h.min, h.max, h.sum, h.count
    from readings_hourly h
    join controllers c on c.id = h.controller_id
    join locations l on l.id = c.location_id
    left join rack_points rp on rp.controller_id = h.controller_id and rp.addr = h.key
    where ${CASE_KEY} and h.bucket >= ${lo}::timestamptz and h.bucket < ${hi}::timestamptz
      and ${tenantWhere(scope, { org: sql`c.organization_id`, loc: sql`c.location_id` }, q)}
      and ${local}::date between ${q.from}::date and ${q.to}::date`;
}
