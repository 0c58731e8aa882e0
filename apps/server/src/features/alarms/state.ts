import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { arr, query, toDate } from '../../lib/sql.ts';
import { type ControllerState, emptyState, stateKey } from './engine.ts';

/** The subject of a controller-level alarm (offline). */
export const OFFLINE_SUBJECT = 'controller';

/** Open alarms and holding conditions of these controllers, for the engine. */
export async function loadStates(tx: Db, controllerIds: number[]): Promise<Map<number, ControllerState>> {
  const states = new Map<number, ControllerState>(controllerIds.map((id) => [id, emptyState()]));
  if (controllerIds.length === 0) return states;
  const ids = arr(controllerIds);
  const open = await query<{ id: number; controller_id: number; alarm_type_id: number; subject: string }>(
    tx,
    sql`select id, controller_id, alarm_type_id, subject from alarms
        where controller_id = any(${ids}::int[]) and status <> 'cleared'`,
  );
  for (const row of open) {
    states.get(row.controller_id)?.open.set(stateKey(row.alarm_type_id, row.subject), { id: row.id });
  }
  const conditions = await query<{ controller_id: number; alarm_type_id: number; subject: string; since: unknown }>(
    tx,
    sql`select controller_id, alarm_type_id, subject, since from alarm_conditions where controller_id = any(${ids}::int[])`,
  );
  for (const row of conditions) {
    states
      .get(row.controller_id)
      ?.conditions.set(stateKey(row.alarm_type_id, row.subject), { since: toDate(row.since) });
  }
  return states;
}
