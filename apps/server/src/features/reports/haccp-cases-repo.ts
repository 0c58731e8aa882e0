import type { HaccpQuery } from '@rcm/shared/reports';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';
import type { TenantScope } from '../auth/scope.ts';
import { haccpBase } from './haccp-repo.ts';
import { iso, num } from './row-values.ts';

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

/** A case over the whole range: hours logged, lowest, mean and highest, hours above the limit. */
export type HaccpCase = CaseRef & {
  hours: number;
  min: number | null;
  mean: number | null;
  max: number | null;
  excursions: number;
};

/** The case columns every HACCP case query selects. */
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

/** The HACCP PDF's queries: each case over the range and its hours above the limit. */
export function createHaccpCasesRepo(db: Db) {
  return {
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
  };
}
