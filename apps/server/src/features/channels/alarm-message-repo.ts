import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';
import type { AlarmRow } from './alarm-message.ts';

/** An alarm as its messages and the paging chain read it. */
export function createAlarmMessageRepo(db: Db) {
  return {
    /** The alarm with its controller, location and type, or null when it is gone (in `on`'s transaction when given). */
    async loadAlarm(id: number, on: DbOrTx = db): Promise<AlarmRow | null> {
      const [row] = await query<AlarmRow>(
        on,
        sql`select a.id, a.ref, a.severity, a.reason, a.reason_es, a.status, a.raised_at, a.organization_id, a.location_id,
              a.controller_id, coalesce(c.name, c.store_alias, c.mac_address) as controller_name,
              l.name as location_name, t.name as type_name, t.name_es as type_name_es,
              a.acknowledged_by, a.cleared_by,
              a.alarm_type_id, a.subject, a.suppressed, a.shelved_until, a.chattering, t.chatter_count, t.chatter_minutes
            from alarms a
            join controllers c on c.id = a.controller_id
            join alarm_types t on t.id = a.alarm_type_id
            left join locations l on l.id = a.location_id
            where a.id = ${id}`,
      );
      return row ?? null;
    },
  };
}

export type AlarmMessageRepo = ReturnType<typeof createAlarmMessageRepo>;
