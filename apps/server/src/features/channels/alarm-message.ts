import type { AlarmSeverity } from '@rcm/shared/device';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';

/** An alarm with what its emails and paging need: its place, type and chatter settings. */
export type AlarmRow = {
  id: number;
  ref: number;
  severity: AlarmSeverity;
  reason: string;
  reason_es: string | null;
  status: 'active' | 'acknowledged' | 'cleared';
  raised_at: unknown;
  organization_id: number;
  location_id: number | null;
  controller_id: number;
  controller_name: string;
  location_name: string | null;
  type_name: string;
  type_name_es: string;
  acknowledged_by: number | null;
  cleared_by: number | null;
  alarm_type_id: number;
  subject: string;
  suppressed: boolean;
  shelved_until: unknown;
  chattering: boolean;
  chatter_count: number;
  chatter_minutes: number;
};

/** The alarm with its controller, location and type, or null when it is gone. */
export async function loadAlarm(tx: DbOrTx, id: number): Promise<AlarmRow | null> {
  const [row] = await query<AlarmRow>(
    tx,
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
}
