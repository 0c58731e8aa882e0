import type { Db } from '../../../db/client.ts';
import { toDate } from '../../../lib/sql.ts';
import { type ControllerState, emptyState, stateKey } from './engine.ts';
import { createAlarmEngineRepo } from './engine-repo.ts';

const repo = createAlarmEngineRepo();

/** The subject of a controller-level alarm (offline). */
export const OFFLINE_SUBJECT = 'controller';

/** Open alarms and holding conditions of these controllers, for the engine. */
export async function loadStates(tx: Db, controllerIds: number[]): Promise<Map<number, ControllerState>> {
  const states = new Map<number, ControllerState>(controllerIds.map((id) => [id, emptyState()]));
  if (controllerIds.length === 0) return states;
  const open = await repo.openAlarmsOf(controllerIds, tx);
  for (const row of open) {
    states
      .get(row.controller_id)
      ?.open.set(
        stateKey(row.alarm_type_id, row.subject),
        row.historical ? { id: row.id, historical: true } : { id: row.id },
      );
  }
  const conditions = await repo.conditionsOf(controllerIds, tx);
  for (const row of conditions) {
    states
      .get(row.controller_id)
      ?.conditions.set(stateKey(row.alarm_type_id, row.subject), { since: toDate(row.since) });
  }
  return states;
}
