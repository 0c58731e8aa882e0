import type {
  AlarmResponseQuery,
  AlarmResponseRow,
  HaccpQuery,
  HaccpRow,
  ManualOnEpisode,
  ManualOnNow,
  PoStatus,
  UriPurchaseOrderRow,
  UriPurchaseOrdersQuery,
} from '@rcm/shared/reports';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query, toIso } from '../../lib/sql.ts';
import type { TenantScope } from '../auth/scope.ts';
import { tenantWhere, utcBounds } from './filters.ts';

type Range = { from: string; to: string; organization_id?: number | undefined; location_id?: number | undefined };
const num = (v: unknown): number => Number(v ?? 0);
const numOrNull = (v: unknown): number | null => (v == null ? null : Number(v));
const iso = (v: unknown): string => toIso(v) ?? '';

/** Case temperature points: `{rack}.CASE{n}` (simulator and device contract). */
const CASE_KEY = sql`h.key ~ '\\.CASE[0-9]+$'`;

/** The queries behind the reports; every one is limited to the caller's scope in SQL. */
export function createReportsRepo(db: Db) {
  return {
    /** Locations a report may be filtered by: those in the caller's scope. */
    async locations(scope: TenantScope): Promise<{ id: number; name: string; organization_name: string }[]> {
      const rows = await query<Record<string, unknown>>(
        db,
        sql`select l.id, l.name, o.name as organization_name from locations l
            join organizations o on o.id = l.organization_id
            where ${tenantWhere(scope, { org: sql`l.organization_id`, loc: sql`l.id` }, {})} and l.archived_at is null
            order by o.name, l.name`,
      );
      return rows.map((r) => ({ id: num(r.id), name: String(r.name), organization_name: String(r.organization_name) }));
    },

    /** The time zone of each location in scope and filter. */
    async zones(
      scope: TenantScope,
      filter: { organization_id?: number | undefined; location_id?: number | undefined },
    ) {
      const rows = await query<{ id: number; timezone: string }>(
        db,
        sql`select l.id, l.timezone from locations l
            where ${tenantWhere(scope, { org: sql`l.organization_id`, loc: sql`l.id` }, filter)}`,
      );
      return new Map(rows.map((r) => [num(r.id), String(r.timezone)]));
    },

    /** URI orders placed (sent, or created for drafts) in the range, newest first. */
    async uriPurchaseOrders(scope: TenantScope, q: UriPurchaseOrdersQuery): Promise<UriPurchaseOrderRow[]> {
      const { start, end } = utcBounds(q);
      const placed = sql`coalesce(p.ordered_at, p.created_at)`;
      const rows = await query<Record<string, unknown>>(
        db,
        sql`select p.id, p.number, ${placed} as placed_at, p.received_at, p.status, p.organization_id,
              o.name as organization_name, p.location_id, l.name as location_name,
              (select count(*) from purchase_order_lines x where x.purchase_order_id = p.id)::int as lines,
              (select coalesce(sum(x.quantity), 0) from purchase_order_lines x where x.purchase_order_id = p.id)::int as units,
              (select coalesce(sum(x.quantity::bigint * x.unit_price_cents), 0) from purchase_order_lines x
                 where x.purchase_order_id = p.id)::bigint as total_cents
            from purchase_orders p
            join suppliers s on s.id = p.supplier_id and s.code = 'URI'
            join organizations o on o.id = p.organization_id
            join locations l on l.id = p.location_id
            where ${tenantWhere(scope, { org: sql`p.organization_id`, loc: sql`p.location_id` }, q)}
              and ${placed} >= ${start.toISOString()}::timestamptz and ${placed} < ${end.toISOString()}::timestamptz
              ${q.status ? sql`and p.status = ${q.status}` : sql``}
            order by ${placed} desc, p.id desc`,
      );
      return rows.map((r) => ({
        id: num(r.id),
        number: String(r.number),
        placed_at: iso(r.placed_at),
        received_at: toIso(r.received_at),
        status: String(r.status) as PoStatus,
        organization_id: num(r.organization_id),
        organization_name: String(r.organization_name),
        location_id: num(r.location_id),
        location_name: String(r.location_name),
        lines: num(r.lines),
        units: num(r.units),
        total_cents: num(r.total_cents),
      }));
    },

    /**
     * Periods points reported `manual_on`. Readings keep values, not statuses: the status history is
     * the alarm engine's RACK_MANUALLY_ON alarms (raised the moment a point reports `manual_on`, cleared
     * when it stops), and the point's readings show until when the controller kept reporting.
     */
    async manualOnEpisodes(scope: TenantScope, q: Range, now: Date): Promise<ManualOnEpisode[]> {
      const { start, end } = utcBounds(q);
      const nowIso = now.toISOString();
      const rows = await query<Record<string, unknown>>(
        db,
        sql`select a.organization_id, o.name as organization_name, a.location_id, l.name as location_name,
              a.controller_id, coalesce(c.name, c.mac_address) as controller_name,
              coalesce(a.rack_ref, rp.rack_ref, split_part(a.subject, '.', 1)) as rack_ref, rk.name as rack_name,
              a.subject as point, rp.name as point_name, a.raised_at as since, a.cleared_at as until,
              (select max(r.ts) from readings r where r.controller_id = a.controller_id and r.key = a.subject
                 and r.ts >= a.raised_at and r.ts <= coalesce(a.cleared_at, ${nowIso}::timestamptz)) as last_reading_at,
              extract(epoch from (coalesce(a.cleared_at, ${nowIso}::timestamptz) - a.raised_at))::float8 as seconds,
              extract(epoch from (least(coalesce(a.cleared_at, ${nowIso}::timestamptz), ${end.toISOString()}::timestamptz, ${nowIso}::timestamptz)
                 - greatest(a.raised_at, ${start.toISOString()}::timestamptz)))::float8 as seconds_in_range
            from alarms a
            join alarm_types t on t.id = a.alarm_type_id and t.source = 'status' and t.match = 'manual_on'
            join controllers c on c.id = a.controller_id
            join organizations o on o.id = a.organization_id
            left join locations l on l.id = a.location_id
            left join rack_points rp on rp.controller_id = a.controller_id and rp.addr = a.subject
            left join racks rk on rk.controller_id = a.controller_id
              and rk.ref = coalesce(a.rack_ref, rp.rack_ref, split_part(a.subject, '.', 1))
            where ${tenantWhere(scope, { org: sql`a.organization_id`, loc: sql`a.location_id` }, q)}
              and a.raised_at < ${end.toISOString()}::timestamptz
              and coalesce(a.cleared_at, 'infinity'::timestamptz) > ${start.toISOString()}::timestamptz
            order by a.raised_at desc, a.id desc`,
      );
      return rows.map((r) => ({
        organization_id: num(r.organization_id),
        organization_name: String(r.organization_name),
        location_id: numOrNull(r.location_id),
        location_name: (r.location_name as string | null) ?? null,
        controller_id: num(r.controller_id),
        controller_name: String(r.controller_name),
        rack_ref: String(r.rack_ref),
        rack_name: (r.rack_name as string | null) ?? null,
        point: String(r.point),
        point_name: (r.point_name as string | null) ?? null,
        since: iso(r.since),
        until: toIso(r.until),
        last_reading_at: toIso(r.last_reading_at),
        seconds: Math.max(0, Math.round(num(r.seconds))),
        seconds_in_range: Math.max(0, Math.round(num(r.seconds_in_range))),
      }));
    },

    /**
     * Points reporting `manual_on` right now (their latest status), with since when: the start of the
     * condition the alarm engine tracks, else the open alarm, else the point's latest update.
     */
    async manualOnNow(scope: TenantScope, q: Range, now: Date): Promise<ManualOnNow[]> {
      const rows = await query<Record<string, unknown>>(
        db,
        sql`select c.organization_id, o.name as organization_name, c.location_id, l.name as location_name,
              c.id as controller_id, coalesce(c.name, c.mac_address) as controller_name, rp.rack_ref,
              rk.name as rack_name, rp.addr as point, rp.name as point_name,
              coalesce(
                (select min(ac.since) from alarm_conditions ac join alarm_types t on t.id = ac.alarm_type_id
                   where ac.controller_id = rp.controller_id and ac.subject = rp.addr and t.source = 'status'
                     and t.match = 'manual_on'),
                (select min(a.raised_at) from alarms a join alarm_types t on t.id = a.alarm_type_id
                   where a.controller_id = rp.controller_id and a.subject = rp.addr and a.status <> 'cleared'
                     and t.source = 'status' and t.match = 'manual_on'),
                rp.updated_at) as since
            from rack_points rp
            join controllers c on c.id = rp.controller_id
            join organizations o on o.id = c.organization_id
            left join locations l on l.id = c.location_id
            left join racks rk on rk.controller_id = rp.controller_id and rk.ref = rp.rack_ref
            where rp.status = 'manual_on' and c.organization_id is not null
              and ${tenantWhere(scope, { org: sql`c.organization_id`, loc: sql`c.location_id` }, q)}
            order by o.name, l.name, controller_name, rp.addr`,
      );
      return rows.map((r) => {
        const since = iso(r.since);
        return {
          organization_id: num(r.organization_id),
          organization_name: String(r.organization_name),
          location_id: numOrNull(r.location_id),
          location_name: (r.location_name as string | null) ?? null,
          controller_id: num(r.controller_id),
          controller_name: String(r.controller_name),
          rack_ref: String(r.rack_ref),
          rack_name: (r.rack_name as string | null) ?? null,
          point: String(r.point),
          point_name: (r.point_name as string | null) ?? null,
          since,
          seconds: Math.max(0, Math.round((now.getTime() - Date.parse(since)) / 1000)),
        };
      });
    },

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
            select o.name as organization_name, l.id as location_id, l.name as location_name, l.timezone,
              g.day::text as day, coalesce(c.name, c.mac_address) as controller_name, g.point, rp.name as point_name,
              split_part(g.point, '.', 1) as rack_ref, rk.name as rack_name,
              coalesce(rp.unit, '°F') as unit, g.lim, g.hours, g.min, g.max, g.excursions, (count(*) over ())::int as total
            from g
            join locations l on l.id = g.location_id
            join organizations o on o.id = l.organization_id
            join controllers c on c.id = g.controller_id
            left join rack_points rp on rp.controller_id = g.controller_id and rp.addr = g.point
            left join racks rk on rk.controller_id = g.controller_id and rk.ref = split_part(g.point, '.', 1)
            order by o.name, l.name, l.id, g.day, controller_name, g.point
            ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
      );
      const out = rows.map((r): HaccpRow => {
        const byHour = (typeof r.hours === 'string' ? JSON.parse(r.hours) : r.hours) as Record<string, number>;
        const hours = Array.from({ length: 24 }, (_, i) => (byHour[String(i)] ?? null) as number | null);
        return {
          organization_name: String(r.organization_name),
          location_id: num(r.location_id),
          location_name: String(r.location_name),
          timezone: String(r.timezone),
          day: String(r.day),
          controller_name: String(r.controller_name),
          point: String(r.point),
          point_name: (r.point_name as string | null) ?? null,
          rack_ref: String(r.rack_ref),
          rack_name: (r.rack_name as string | null) ?? null,
          unit: String(r.unit),
          limit: num(r.lim),
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

    /** Each case of the HACCP log over the whole range: hours logged, lowest, mean and highest, hours above. */
    async haccpCases(scope: TenantScope, q: HaccpQuery): Promise<HaccpCase[]> {
      const rows = await query<Record<string, unknown>>(
        db,
        sql`with h as (${haccpBase(scope, q)}),
            g as (
              select location_id, controller_id, point, lim, count(*)::int as hours, min(min) as min, max(max) as max,
                sum(sum) / nullif(sum(count), 0) as mean, (count(*) filter (where max > lim))::int as excursions
              from h group by location_id, controller_id, point, lim
            )
            select o.name as organization_name, l.id as location_id, l.name as location_name, l.timezone,
              coalesce(c.name, c.mac_address) as controller_name, g.point, rp.name as point_name,
              split_part(g.point, '.', 1) as rack_ref, rk.name as rack_name, coalesce(rp.unit, '°F') as unit, g.lim,
              g.hours, g.min, g.max, g.mean, g.excursions
            from g
            join locations l on l.id = g.location_id
            join organizations o on o.id = l.organization_id
            join controllers c on c.id = g.controller_id
            left join rack_points rp on rp.controller_id = g.controller_id and rp.addr = g.point
            left join racks rk on rk.controller_id = g.controller_id and rk.ref = split_part(g.point, '.', 1)
            order by o.name, l.name, l.id, controller_name, g.point`,
      );
      const t = (v: unknown) => (v == null ? null : Math.round(num(v) * 10) / 10);
      return rows.map((r) => ({
        ...caseRef(r),
        hours: num(r.hours),
        min: t(r.min),
        mean: t(r.mean),
        max: t(r.max),
        excursions: num(r.excursions),
      }));
    },

    /** Hours above the limit, each case's in time order (one row an hour). */
    async haccpExcursionHours(
      scope: TenantScope,
      q: HaccpQuery,
    ): Promise<(CaseRef & { bucket: string; max: number })[]> {
      const rows = await query<Record<string, unknown>>(
        db,
        sql`with h as (${haccpBase(scope, q)})
            select o.name as organization_name, l.id as location_id, l.name as location_name, l.timezone,
              coalesce(c.name, c.mac_address) as controller_name, h.point, rp.name as point_name,
              split_part(h.point, '.', 1) as rack_ref, rk.name as rack_name, coalesce(rp.unit, '°F') as unit, h.lim,
              h.bucket, h.max
            from h
            join locations l on l.id = h.location_id
            join organizations o on o.id = l.organization_id
            join controllers c on c.id = h.controller_id
            left join rack_points rp on rp.controller_id = h.controller_id and rp.addr = h.point
            left join racks rk on rk.controller_id = h.controller_id and rk.ref = split_part(h.point, '.', 1)
            where h.max > h.lim
            order by o.name, l.name, l.id, controller_name, h.point, h.bucket`,
      );
      return rows.map((r) => ({ ...caseRef(r), bucket: iso(r.bucket), max: Math.round(num(r.max) * 10) / 10 }));
    },

    /** Time to acknowledge and to clear of the alarms raised in the range, per group. */
    async alarmResponse(
      scope: TenantScope,
      q: AlarmResponseQuery,
      by: 'group' | 'severity',
    ): Promise<(AlarmResponseRow & Record<string, unknown>)[]> {
      const { start, end } = utcBounds(q);
      const ack = sql`extract(epoch from (a.acknowledged_at - a.raised_at))`;
      const clr = sql`extract(epoch from (a.cleared_at - a.raised_at))`;
      const groupCols =
        by === 'group' ? sql`o.name, a.location_id, l.name, t.code, t.name, t.name_es, a.severity` : sql`a.severity`;
      const rows = await query<Record<string, unknown>>(
        db,
        sql`select ${by === 'group' ? sql`o.name as organization_name, a.location_id, l.name as location_name, t.code as alarm_type, t.name as alarm_type_name, t.name_es as alarm_type_name_es,` : sql``}
              a.severity, count(*)::int as alarms, count(a.acknowledged_at)::int as acknowledged,
              percentile_cont(0.5) within group (order by ${ack}) as ack_median,
              percentile_cont(0.9) within group (order by ${ack}) as ack_p90,
              count(a.cleared_at)::int as cleared,
              percentile_cont(0.5) within group (order by ${clr}) as clear_median,
              percentile_cont(0.9) within group (order by ${clr}) as clear_p90
            from alarms a
            join alarm_types t on t.id = a.alarm_type_id
            join organizations o on o.id = a.organization_id
            left join locations l on l.id = a.location_id
            where ${tenantWhere(scope, { org: sql`a.organization_id`, loc: sql`a.location_id` }, q)}
              and a.raised_at >= ${start.toISOString()}::timestamptz and a.raised_at < ${end.toISOString()}::timestamptz
              ${q.severity ? sql`and a.severity = ${q.severity}` : sql``}
              ${q.type ? sql`and t.code = ${q.type}` : sql``}
            group by ${groupCols}
            order by ${by === 'group' ? sql`o.name, l.name nulls first, t.code,` : sql``}
              array_position(array['critical','high','medium','low']::text[], a.severity)`,
      );
      const secs = (v: unknown) => (v == null ? null : Math.round(Number(v)));
      return rows.map((r) => ({
        organization_name: String(r.organization_name ?? ''),
        location_id: numOrNull(r.location_id),
        location_name: (r.location_name as string | null) ?? null,
        alarm_type: String(r.alarm_type ?? ''),
        alarm_type_name: String(r.alarm_type_name ?? ''),
        alarm_type_name_es: String(r.alarm_type_name_es ?? ''),
        severity: r.severity as AlarmResponseRow['severity'],
        alarms: num(r.alarms),
        acknowledged: num(r.acknowledged),
        ack_median: secs(r.ack_median),
        ack_p90: secs(r.ack_p90),
        cleared: num(r.cleared),
        clear_median: secs(r.clear_median),
        clear_p90: secs(r.clear_p90),
      }));
    },
  };
}

/**
 * Hourly case temperatures in scope, stamped with the location's local day and hour. Rollup buckets
 * are read with a margin of a day either side of the range so every local day is whole.
 */
function haccpBase(scope: TenantScope, q: HaccpQuery) {
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

export type HaccpCase = CaseRef & {
  hours: number;
  min: number | null;
  mean: number | null;
  max: number | null;
  excursions: number;
};

function caseRef(r: Record<string, unknown>): CaseRef {
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

export type ReportsRepo = ReturnType<typeof createReportsRepo>;
