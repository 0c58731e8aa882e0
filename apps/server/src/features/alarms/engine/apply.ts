import type { Db } from '../../../db/client.ts';
import type { QueuedEvent } from '../../../events/bus.ts';
import { windowAtRaise } from '../../maintenance/suppression.ts';
import type { MaintenanceWindow } from '../../maintenance/windows.ts';
import { alarmSummariesByIds } from '../list/summaries.ts';
import type { Decision, PendingRaise } from './engine.ts';
import { createAlarmEngineRepo } from './engine-repo.ts';

const repo = createAlarmEngineRepo();

export type AlarmDevice = {
  id: number;
  organizationId: number | null;
  locationId: number | null;
  deviceAddress: string | null;
  warrantyExpiry: string | null;
};

async function insertRaise(
  tx: Db,
  device: AlarmDevice,
  r: PendingRaise,
  windows: readonly MaintenanceWindow[],
  historical: boolean,
): Promise<{ id: number; inserted: boolean }> {
  const day = r.at.toISOString().slice(0, 10);
  const window = windowAtRaise(windows, device.id, device.locationId, r.rackRef, r.at);
  return repo.upsertRaisedAlarm(
    {
      ruleId: r.rule.id,
      controllerId: device.id,
      organizationId: device.organizationId,
      locationId: device.locationId,
      subject: r.subject,
      rackRef: r.rackRef,
      deviceAddress: device.deviceAddress,
      reason: r.reason,
      reasonEs: r.reasonEs,
      severity: r.severity,
      status: r.clearedAt ? 'cleared' : 'active',
      value: r.value,
      warranty: device.warrantyExpiry !== null && device.warrantyExpiry >= day,
      at: r.at,
      occurrences: r.occurrences,
      clearedAt: r.clearedAt,
      suppressed: window !== null,
      maintenanceWindowId: window?.id ?? null,
      historical,
    },
    tx,
  );
}

/**
 * Applies engine decisions in the caller's transaction: alarms raised (with their notification
 * outbox row, docs/contracts.md §8), bumped and cleared, conditions kept. Returns the alarm events.
 */
export async function applyDecisions(
  tx: Db,
  input: {
    decisions: Map<number, Decision[]>;
    devices: Map<number, AlarmDevice>;
    now: Date;
    /** Maintenance windows in force or to come: a raise inside one is stored suppressed. */
    windows?: readonly MaintenanceWindow[];
    /**
     * Decisions of historical messages (replay.ts): raised as recorded late, with no notification and
     * no `alarm.raised` (nobody is told of an old alarm as if it were new); a clear ends only an alarm
     * they raised. `settled` hears of each raise stored.
     */
    historical?: {
      settled: (controllerId: number, raise: PendingRaise, row: { id: number; inserted: boolean }) => void;
    };
  },
): Promise<QueuedEvent<'alarm.raised' | 'alarm.updated'>[]> {
  const historical = input.historical;
  const raised = new Set<number>();
  const updated = new Set<number>();
  for (const [controllerId, list] of input.decisions) {
    const device = input.devices.get(controllerId);
    if (!device || device.organizationId === null) continue;
    for (const d of list) {
      switch (d.kind) {
        case 'condition-set':
          await repo.upsertCondition(
            { controllerId, ruleId: d.ruleId, subject: d.subject, since: d.since, value: d.value },
            tx,
          );
          break;
        case 'condition-delete':
          await repo.deleteCondition({ controllerId, ruleId: d.ruleId, subject: d.subject }, tx);
          break;
        case 'raise': {
          const row = await insertRaise(tx, device, d, input.windows ?? [], historical !== undefined);
          if (historical) {
            historical.settled(controllerId, d, row);
            updated.add(row.id);
          } else if (row.inserted || (await repo.promoteHistorical(row.id, tx))) {
            // New, or an alarm recorded late whose condition now holds live: raised now, and paged.
            raised.add(row.id);
            await repo.enqueueAlarmEvent(row.id, 'raised', tx);
          } else updated.add(row.id);
          break;
        }
        case 'bump':
          await repo.bumpAlarm(d.alarmId, d.at, tx);
          updated.add(d.alarmId);
          break;
        case 'clear': {
          if (await repo.autoClearAlarm(d.alarmId, d.at, historical !== undefined, tx)) {
            updated.add(d.alarmId);
            if (!historical) await repo.enqueueAlarmEvent(d.alarmId, 'cleared', tx);
          }
          break;
        }
        default: {
          const unreachable: never = d;
          throw new Error(`unknown decision ${JSON.stringify(unreachable)}`);
        }
      }
    }
  }
  for (const id of raised) updated.delete(id);
  const summaries = await alarmSummariesByIds(tx, [...raised, ...updated]);
  return summaries.map((s) => ({ name: raised.has(s.id) ? 'alarm.raised' : 'alarm.updated', args: [s] }));
}
