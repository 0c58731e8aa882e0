import type { RefrigerantReportQuery } from '@rcm/shared/refrigerant';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ints, query } from '../../lib/sql.ts';
import { LEAK_ALARM_CODE } from '../alarms/leaks/leak-rule.ts';
import type { TenantScope } from '../auth/scope.ts';
import { tenantWhere } from '../reports/filters.ts';

export function createRefrigerantReportRepo(db: Db) {
  return {
    /** Refrigerant systems of authorized controllers in the scope and the query's places, with their names, in report order. */
    async reportSystems(scope: TenantScope, q: RefrigerantReportQuery) {
      const where = tenantWhere(scope, { org: sql`c.organization_id`, loc: sql`c.location_id` }, q);
      return query<Record<string, unknown>>(
        db,
        sql`select s.*, o.name as organization_name, l.name as location_name,
            coalesce(c.name, c.mac_address) as controller_name, r.name as rack_name
          from refrigerant_systems s
          join controllers c on c.id = s.controller_id and c.authorised
          join organizations o on o.id = c.organization_id
          left join locations l on l.id = c.location_id
          left join racks r on r.controller_id = s.controller_id and r.ref = s.rack_ref
          where ${where}
          order by o.name, l.name nulls last, controller_name, s.rack_ref`,
      );
    },
    /** The refrigerant log of these controllers, oldest first. */
    async refrigerantEventsOf(controllerIds: number[]) {
      return query<Record<string, unknown>>(
        db,
        sql`select * from refrigerant_events where controller_id = any(${ints(controllerIds)}::int[]) order by at, id`,
      );
    },
    /** Per rack of these controllers: leak alarms raised in [start, end), and whether one is still open. */
    async leakAlarmCounts(controllerIds: number[], start: Date, end: Date) {
      const ids = ints(controllerIds);
      return query<{ controller_id: number; rack_ref: string; raised: number; open: boolean }>(
        db,
        sql`select a.controller_id, a.rack_ref,
            count(*) filter (where a.raised_at >= ${start.toISOString()}::timestamptz
              and a.raised_at < ${end.toISOString()}::timestamptz)::int as raised,
            bool_or(a.status <> 'cleared') as open
          from alarms a join alarm_types t on t.id = a.alarm_type_id
          where t.code = ${LEAK_ALARM_CODE} and a.controller_id = any(${ids}::int[])
          group by a.controller_id, a.rack_ref`,
      );
    },
  };
}

export type RefrigerantReportRepo = ReturnType<typeof createRefrigerantReportRepo>;
