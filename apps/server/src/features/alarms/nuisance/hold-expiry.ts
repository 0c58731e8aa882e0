import type { Db } from '../../../db/client.ts';
import type { QueuedEvent } from '../../../events/bus.ts';
import { createMaintenanceRepo } from '../../maintenance/repo.ts';
import { holdAfter } from '../../maintenance/suppression.ts';
import { alarmSummariesByIds } from '../list/summaries.ts';
import { endExpiredShelvings, moveToWindow, replaceSuppressed, suppressedAlarms } from './hold-expiry-repo.ts';

/**
 * Shelvings whose time is up end by themselves: the alarm returns to the lists (announced), and one
 * still open is notified again (outbox `unshelved`). Runs in the scheduler's transaction.
 */
export async function expireShelvings(tx: Db, now: Date): Promise<QueuedEvent<'alarm.raised' | 'alarm.updated'>[]> {
  const summaries = await alarmSummariesByIds(tx, await endExpiredShelvings(tx, now));
  return summaries.map((summary) => ({ name: 'alarm.updated', args: [summary] }));
}

/**
 * Suppressed alarms whose window is over: when another window covers them they move to it; else the
 * suppressed alarm is cleared (`maintenance_ended`) and, as its condition still holds (it is open),
 * a normal alarm is raised now in its place, with its outbox row: emails and escalation follow.
 */
export async function endMaintenance(tx: Db, now: Date): Promise<QueuedEvent<'alarm.raised' | 'alarm.updated'>[]> {
  const open = await suppressedAlarms(tx);
  if (open.length === 0) return [];
  const windows = await createMaintenanceRepo(tx).inForce(tx, now);
  const updated: number[] = [];
  const raised: number[] = [];
  for (const a of open) {
    const place = { controllerId: Number(a.controller_id), locationId: a.location_id, rackRef: a.rack_ref };
    const windowId = a.maintenance_window_id == null ? null : Number(a.maintenance_window_id);
    const hold = holdAfter(windows, windowId, place, now);
    if (hold.kind === 'held') continue;
    if (hold.kind === 'moved') {
      await moveToWindow(tx, a.id, hold.window.id);
      updated.push(Number(a.id));
      continue;
    }
    const replacement = await replaceSuppressed(tx, a.id, now);
    updated.push(Number(a.id));
    if (replacement !== null) raised.push(replacement);
  }
  const summaries = await alarmSummariesByIds(tx, [...updated, ...raised]);
  return summaries.map((summary) => ({
    name: raised.includes(summary.id) ? 'alarm.raised' : 'alarm.updated',
    args: [summary],
  }));
}
