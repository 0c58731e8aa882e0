import type { DbOrTx } from '../../../db/client.ts';
import type { QueuedEvent } from '../../../events/bus.ts';
import type { MaintenanceRepo } from '../../maintenance/repo.ts';
import { holdAfter } from '../../maintenance/suppression.ts';
import { alarmSummariesByIds } from '../list/summaries.ts';
import type { HoldExpiryRepo } from './hold-expiry-repo.ts';

type Announced = QueuedEvent<'alarm.raised' | 'alarm.updated'>[];

/**
 * The ends of holds, run by the `alarm-management` task in the scheduler's transaction: shelvings whose
 * time is up, suppressed alarms whose maintenance window is over (maintenance's `holdAfter` decides).
 */
export function createHoldExpiry(deps: { repo: HoldExpiryRepo; maintenance: MaintenanceRepo }) {
  const { repo } = deps;

  /**
   * Shelvings whose time is up end by themselves: the alarm returns to the lists (announced), and one
   * still open is notified again (outbox `unshelved`). Runs in the scheduler's transaction.
   */
  async function expireShelvings(now: Date, tx: DbOrTx): Promise<Announced> {
    const summaries = await alarmSummariesByIds(tx, await repo.endExpiredShelvings(now, tx));
    return summaries.map((summary) => ({ name: 'alarm.updated', args: [summary] }));
  }

  /**
   * Suppressed alarms whose window is over: when another window covers them they move to it; else the
   * suppressed alarm is cleared (`maintenance_ended`) and, as its condition still holds (it is open),
   * a normal alarm is raised now in its place, with its outbox row: emails and escalation follow.
   */
  async function endMaintenance(now: Date, tx: DbOrTx): Promise<Announced> {
    const open = await repo.suppressedAlarms(tx);
    if (open.length === 0) return [];
    const windows = await deps.maintenance.inForce(tx, now);
    const updated: number[] = [];
    const raised: number[] = [];
    for (const a of open) {
      const place = { controllerId: Number(a.controller_id), locationId: a.location_id, rackRef: a.rack_ref };
      const windowId = a.maintenance_window_id == null ? null : Number(a.maintenance_window_id);
      const hold = holdAfter(windows, windowId, place, now);
      if (hold.kind === 'held') continue;
      if (hold.kind === 'moved') {
        await repo.moveToWindow(a.id, hold.window.id, tx);
        updated.push(Number(a.id));
        continue;
      }
      const replacement = await repo.replaceSuppressed(a.id, now, tx);
      updated.push(Number(a.id));
      if (replacement !== null) raised.push(replacement);
    }
    const summaries = await alarmSummariesByIds(tx, [...updated, ...raised]);
    return summaries.map((summary) => ({
      name: raised.includes(summary.id) ? 'alarm.raised' : 'alarm.updated',
      args: [summary],
    }));
  }

  return { expireShelvings, endMaintenance };
}
