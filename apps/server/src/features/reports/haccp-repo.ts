import { HACCP_LIMIT, type HaccpQuery, type HaccpReport, type HaccpRow } from '@rcm/shared/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonColumn, query } from '../../lib/sql.ts';
import type { TenantScope } from '../auth/scope.ts';
import { tenantWhere, utcBounds } from './filters.ts';
import { num } from './row-values.ts';

/** Case temperature points: `{rack}.CASE{n}` (simulator and device contract). */
const CASE_KEY = sql`h.key ~ '\\.CASE[0-9]+$'`;

/** The HACCP limit of a point whose unit is `unit` (a column): °C points 5, every other 41 (°F). */
export const haccpLimit = (unit: SQL) =>
  sql`(case when ${unit} = '°C' then ${sql.raw(String(HACCP_LIMIT['°C']))} else ${sql.raw(String(HACCP_LIMIT['°F']))} end)`;

/** A case of the HACCP log: where it is and what it reads. */
export type CaseRef = {
  organization_name: string;
  location_id: number;
  location_name: string;
  timezone: string;
  controller_id: number;
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
    controller_id: num(r.controller_id),
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
export function caseColumns(src: 'g' | 'h' | 'e') {
  const s = sql.raw(src);
  return sql`o.name as organization_name, l.id as location_id, l.name as location_name, l.timezone,
    c.id as controller_id, coalesce(c.name, c.mac_address) as controller_name, ${s}.point, rp.name as point_name,
    split_part(${s}.point, '.', 1) as rack_ref, rk.name as rack_name, coalesce(rp.unit, '°F') as unit, ${s}.lim`;
}

/** `from src` joined to the location, organization, controller, rack point and rack `caseColumns` names. */
export function caseFrom(src: 'g' | 'h' | 'e') {
  const s = sql.raw(src);
  return sql`from ${s}
    join locations l on l.id = ${s}.location_id
    join organizations o on o.id = l.organization_id
    join controllers c on c.id = ${s}.controller_id
    left join rack_points rp on rp.controller_id = ${s}.controller_id and rp.addr = ${s}.point
    left join racks rk on rk.controller_id = ${s}.controller_id and rk.ref = split_part(${s}.point, '.', 1)`;
}

/**
 * The hours of `h` (haccpBase), each marked `starts` when it begins an excursion: above the limit
 * while the case's hour before was not (or was not logged).
 */
export const EXCURSION_STARTS = sql`select h.*, (h.max > h.lim and not coalesce(
      lag(h.max > h.lim) over w and lag(h.bucket) over w = h.bucket - interval '1 hour', false)) as starts
    from h window w as (partition by h.location_id, h.controller_id, h.point order by h.bucket)`;

/**
 * The case-days of `h` (haccpBase): each case's highest temperature of every local hour of a local
 * day, its lowest and highest, the hours logged, the hours above its limit and the excursions that
 * began that day.
 */
const CASE_DAYS = sql`select location_id, controller_id, point, day, lim, jsonb_object_agg(hour::text, max) as hours,
    min(min) as min, max(max) as max, count(*)::int as logged, (count(*) filter (where max > lim))::int as hours_above,
    (count(*) filter (where starts))::int as excursions, max(product_max) as product_max
  from (${EXCURSION_STARTS}) x group by location_id, controller_id, point, day, lim`;

/** The rows of `g` (CASE_DAYS) with their names, in the log's order. */
function caseDayRows(page: { limit: number; offset: number } | null) {
  return sql`select ${caseColumns('g')}, g.day::text as day, g.hours, g.min, g.max, g.hours_above, g.excursions, g.product_max
    ${caseFrom('g')}
    order by o.name, l.name, l.id, g.day, controller_name, g.point
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`;
}

const tenth = (v: unknown) => (v == null ? null : Math.round(num(v) * 10) / 10);

function haccpRow(r: Record<string, unknown>): HaccpRow {
  const byHour = jsonColumn<Record<string, number>>(r.hours);
  return {
    ...caseRef(r),
    day: String(r.day),
    hours: Array.from({ length: 24 }, (_, i) => tenth(byHour[String(i)])),
    min: tenth(r.min),
    max: tenth(r.max),
    hours_above: num(r.hours_above),
    excursions: num(r.excursions),
    product_max: tenth(r.product_max),
  };
}

/** The queries of the HACCP log's screen and CSV, limited to the caller's scope in SQL. */
export function createHaccpRepo(db: Db) {
  return {
    /**
     * The HACCP log's screen in one statement: a page of case-days (for each location, local day and
     * case point, the highest temperature of every local hour, from the hourly rollups; an excursion is
     * a run of hours above the limit of the point's unit), how many case-days there are, and the range's
     * summary, all from one grouping of the range's hours.
     */
    async haccpPage(
      scope: TenantScope,
      q: HaccpQuery,
      page: { limit: number; offset: number },
    ): Promise<{ rows: HaccpRow[]; total: number; summary: HaccpReport['summary'] }> {
      const rows = await query<Record<string, unknown>>(
        db,
        sql`with h as (${haccpBase(scope, q)}),
            g as materialized (${CASE_DAYS}),
            s as (
              select count(*)::int as s_total, count(distinct location_id)::int as s_locations,
                count(distinct (controller_id, point))::int as s_cases, coalesce(sum(logged), 0)::int as s_hours_logged,
                coalesce(sum(hours_above), 0)::int as s_hours_above, coalesce(sum(excursions), 0)::int as s_excursions,
                (select coalesce(json_agg(d order by d.day), '[]') from (
                   select day::text as day, sum(logged)::int as hours_logged, sum(hours_above)::int as hours_above,
                     sum(excursions)::int as excursions
                   from g group by day) d) as s_by_day
              from g
            ),
            p as (${caseDayRows(page)})
            select s.*, p.* from s left join p on true`,
      );
      const [first] = rows;
      return {
        // Past the last page the one row is the summary's alone.
        rows: rows.filter((r) => r.location_id != null).map(haccpRow),
        total: num(first?.s_total),
        summary: {
          locations: num(first?.s_locations),
          cases: num(first?.s_cases),
          hours_logged: num(first?.s_hours_logged),
          hours_above: num(first?.s_hours_above),
          excursions: num(first?.s_excursions),
          by_day: jsonColumn<HaccpReport['summary']['by_day']>(first?.s_by_day ?? '[]'),
        },
      };
    },

    /** Every case-day of the range, in the log's order (the CSV). */
    async haccpAll(scope: TenantScope, q: HaccpQuery): Promise<HaccpRow[]> {
      const rows = await query<Record<string, unknown>>(
        db,
        sql`with h as (${haccpBase(scope, q)}), g as (${CASE_DAYS}) ${caseDayRows(null)}`,
      );
      return rows.map(haccpRow);
    },
  };
}

/**
 * Hourly case temperatures in scope, stamped with the location's local day and hour. Rollup buckets
 * are read with a margin of a day either side of the range so every local day is whole.
 */
export function haccpBase(scope: TenantScope, q: Pick<HaccpQuery, 'from' | 'to' | 'organization_id' | 'location_id'>) {
  const { start, end } = utcBounds(q);
  const lo = new Date(start.getTime() - 86_400_000).toISOString();
  const hi = new Date(end.getTime() + 86_400_000).toISOString();
  const local = sql`(h.bucket at time zone l.timezone)`;
  return sql`select l.id as location_id, c.id as controller_id, h.key as point,
      ${haccpLimit(sql`rp.unit`)} as lim,
      ${local}::date as day, extract(hour from ${local})::int as hour, h.bucket, h.min, h.max, h.sum, h.count,
      h.product_max
    from readings_hourly h
    join controllers c on c.id = h.controller_id
    join locations l on l.id = c.location_id
    left join rack_points rp on rp.controller_id = h.controller_id and rp.addr = h.key
    where ${CASE_KEY} and h.bucket >= ${lo}::timestamptz and h.bucket < ${hi}::timestamptz
      and ${tenantWhere(scope, { org: sql`c.organization_id`, loc: sql`c.location_id` }, q)}
      and ${local}::date between ${q.from}::date and ${q.to}::date`;
}
