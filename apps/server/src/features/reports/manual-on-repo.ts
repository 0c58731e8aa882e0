import type { ManualOnEpisode, ManualOnNow } from '@rcm/shared/reports';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query, toIso } from '../../lib/sql.ts';
import type { TenantScope } from '../auth/scope.ts';
import { tenantWhere, utcBounds } from './filters.ts';
import { iso, num, numOrNull } from './row-values.ts';

type Range = { from: string; to: string; organization_id?: number | undefined; location_id?: number | undefined };

/** The queries of the racks-manually-on report, limited to the caller's scope in SQL. */
export function createManualOnRepo(db: Db) {
  return {
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
        ...pointOf(r),
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
          ...pointOf(r),
          since,
          seconds: Math.max(0, Math.round((now.getTime() - Date.parse(since)) / 1000)),
        };
      });
    },
  };
}

/** Where a point is: organization, location, controller, rack and point, with their names. */
function pointOf(r: Record<string, unknown>) {
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
  };
}
