import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';
import type { TenantScope } from '../auth/scope.ts';
import { tenantWhere } from './filters.ts';

export type ConditionRow = {
  location_id: number | null;
  alarm_type_id: number;
  controller_id: number;
  subject: string;
  /** The device's name for the point the alarm is about (none for a rack metric or the controller). */
  point_name: string | null;
  n: number;
  chattering: boolean;
};

/**
 * The alarm management report's figures by location, for alarms matching `where` (over `a`) raised in
 * [start, end); durations run up to `eff` (the end, or now while the range is still running).
 */
function rows(db: Db, where: SQL, range: { start: Date; end: Date; eff: Date }) {
  const { start, end, eff } = range;
  const s = sql`${start.toISOString()}::timestamptz`;
  const e = sql`${end.toISOString()}::timestamptz`;
  const x = sql`${eff.toISOString()}::timestamptz`;
  const inRange = sql`${where} and a.raised_at >= ${s} and a.raised_at < ${e}`;

  return Promise.all([
    query<{ location_id: number | null; alarms: number; acked: number }>(
      db,
      sql`select a.location_id, count(*)::int as alarms,
            count(*) filter (where a.acknowledged_at <= a.raised_at + interval '10 minutes')::int as acked
          from alarms a where ${inRange} and not a.suppressed group by a.location_id`,
    ),
    // Per 10-minute period and location: its alarms, the most raised within any 10 minutes ending in
    // it (a burst across two periods is still seen whole), and the same within its hour (the chart).
    query<{ location_id: number | null; b: unknown; n: number; loc_peak: number; hour_peak: number }>(
      db,
      sql`with w as (
            select a.location_id, a.raised_at,
              count(*) over (partition by a.location_id order by a.raised_at
                range between interval '599.999 seconds' preceding and current row) as loc_n,
              count(*) over (partition by a.location_id, date_trunc('hour', a.raised_at, 'UTC') order by a.raised_at
                range between interval '599.999 seconds' preceding and current row) as hour_n
            from alarms a where ${inRange} and not a.suppressed)
          select location_id, date_bin('10 minutes', raised_at, ${s}) as b, count(*)::int as n,
            max(loc_n)::int as loc_peak, max(hour_n)::int as hour_peak
          from w group by 1, 2`,
    ),
    query<ConditionRow>(
      db,
      sql`select a.location_id, a.alarm_type_id, a.controller_id, a.subject, max(p.name) as point_name,
            count(*)::int as n, bool_or(a.chattering) as chattering
          from alarms a left join rack_points p on p.controller_id = a.controller_id and p.addr = a.subject
          where ${inRange} and not a.suppressed group by 1, 2, 3, 4`,
    ),
    query<{ location_id: number | null; hours: number }>(
      db,
      sql`select a.location_id, sum(extract(epoch from least(coalesce(h.ended_at, h.until), ${x})
            - greatest(h.shelved_at, ${s}))) / 3600 as hours
          from alarm_shelvings h join alarms a on a.id = h.alarm_id
          where ${where} and h.shelved_at < ${x} and coalesce(h.ended_at, h.until) > ${s}
          group by a.location_id`,
    ),
    query<{ location_id: number | null; n: number; hours: number }>(
      db,
      sql`select a.location_id, count(*)::int as n, coalesce(sum(extract(epoch from
            least(coalesce(a.cleared_at, ${x}), ${x}) - a.raised_at)), 0) / 3600 as hours
          from alarms a where ${inRange} and a.suppressed group by a.location_id`,
    ),
    query<{
      ref: number;
      location_id: number | null;
      alarm_type_id: number;
      controller: string;
      location: string | null;
      raised_at: unknown;
      hours: number;
      open: boolean;
    }>(
      db,
      sql`select a.ref, a.location_id, a.alarm_type_id, coalesce(c.name, c.store_alias, c.mac_address) as controller,
            l.name as location, a.raised_at,
            extract(epoch from least(coalesce(a.cleared_at, ${x}), ${x}) - a.raised_at) / 3600 as hours,
            a.cleared_at is null or a.cleared_at > ${x} as open
          from alarms a join controllers c on c.id = a.controller_id left join locations l on l.id = a.location_id
          where ${where} and not a.suppressed and a.raised_at < ${x} and coalesce(a.cleared_at, ${x}) > ${s}
            and least(coalesce(a.cleared_at, ${x}), ${x}) - a.raised_at > interval '24 hours'
          order by hours desc, a.ref`,
    ),
    query<{ kind: string; id: number; name: string; name_es: string | null; code: string | null }>(
      db,
      sql`select 'type' as kind, id, name, name_es, code from alarm_types
          union all select 'controller', id, coalesce(name, store_alias, mac_address), null, null from controllers
            where id in (select distinct a.controller_id from alarms a where ${inRange})
          union all select 'location', id, name, null, null from locations
            where id in (select distinct a.location_id from alarms a where ${inRange})`,
    ),
  ]);
}

/** The alarm management report's reads. */
export function createAlarmManagementRepo(db: Db) {
  return {
    /** The figures of the alarms in scope (and the query's location) raised in the range. */
    rows(scope: TenantScope, filter: Parameters<typeof tenantWhere>[2], range: { start: Date; end: Date; eff: Date }) {
      return rows(db, tenantWhere(scope, { org: sql`a.organization_id`, loc: sql`a.location_id` }, filter), range);
    },
  };
}

export type AlarmManagementRepo = ReturnType<typeof createAlarmManagementRepo>;
