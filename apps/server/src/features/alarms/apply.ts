import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { QueuedEvent } from '../../events/bus.ts';
import { query } from '../../lib/sql.ts';
import type { Decision, PendingRaise } from './engine.ts';
import { type MaintenanceWindow, suppressingWindow } from './management.ts';
import { alarmSummariesByIds } from './summaries.ts';

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
): Promise<{ id: number; inserted: boolean }> {
  const day = r.at.toISOString().slice(0, 10);
  const warranty = device.warrantyExpiry !== null && device.warrantyExpiry >= day;
  const status = r.clearedAt ? 'cleared' : 'active';
  const window =
    windows.length === 0
      ? null
      : suppressingWindow(
          windows,
          { controllerId: device.id, locationId: device.locationId, rackRef: r.rackRef },
          r.at,
        );
  const [row] = await query<{ id: number; inserted: boolean }>(
    tx,
    sql`insert into alarms (alarm_type_id, controller_id, organization_id, location_id, subject, rack_ref,
          device_address, reason, reason_es, severity, status, value, warranty, raised_at, last_occurrence_at, occurrences, cleared_at,
          health_status, suppressed, maintenance_window_id)
        values (${r.rule.id}, ${device.id}, ${device.organizationId}, ${device.locationId}, ${r.subject}, ${r.rackRef},
          ${device.deviceAddress}, ${r.reason}, ${r.reasonEs}, ${r.severity}, ${status}, ${r.value}, ${warranty},
          ${r.at.toISOString()}::timestamptz, ${r.at.toISOString()}::timestamptz, ${r.occurrences},
          ${r.clearedAt?.toISOString() ?? null}::timestamptz, ${r.clearedAt ? 'resolved' : 'unresolved'},
          ${window !== null}, ${window?.id ?? null})
        on conflict (controller_id, alarm_type_id, subject) where status <> 'cleared'
        do update set occurrences = alarms.occurrences + excluded.occurrences,
          last_occurrence_at = excluded.last_occurrence_at
        returning id, (xmax = 0) as inserted`,
  );
  if (!row) throw new Error('alarm insert returned nothing');
  return row;
}

/**
 * Applies engine decisions in the caller's transaction: alarms raised (with their notification
 * outbox row, design.md section 8), bumped and cleared, conditions kept. Returns the alarm events.
 */
export async function applyDecisions(
  tx: Db,
  input: {
    decisions: Map<number, Decision[]>;
    devices: Map<number, AlarmDevice>;
    now: Date;
    /** Maintenance windows in force or to come: a raise inside one is stored suppressed. */
    windows?: readonly MaintenanceWindow[];
  },
): Promise<QueuedEvent<'alarm.raised' | 'alarm.updated'>[]> {
  const raised = new Set<number>();
  const updated = new Set<number>();
  for (const [controllerId, list] of input.decisions) {
    const device = input.devices.get(controllerId);
    if (!device || device.organizationId === null) continue;
    for (const d of list) {
      switch (d.kind) {
        case 'condition-set':
          await tx.execute(sql`insert into alarm_conditions (controller_id, alarm_type_id, subject, since, last_value)
            values (${controllerId}, ${d.ruleId}, ${d.subject}, ${d.since.toISOString()}::timestamptz, ${d.value})
            on conflict (controller_id, alarm_type_id, subject) do update set last_value = excluded.last_value`);
          break;
        case 'condition-delete':
          await tx.execute(sql`delete from alarm_conditions
            where controller_id = ${controllerId} and alarm_type_id = ${d.ruleId} and subject = ${d.subject}`);
          break;
        case 'raise': {
          const row = await insertRaise(tx, device, d, input.windows ?? []);
          if (row.inserted) {
            raised.add(row.id);
            await tx.execute(sql`insert into notification_outbox (alarm_id, event) values (${row.id}, 'raised')`);
          } else updated.add(row.id);
          break;
        }
        case 'bump':
          await tx.execute(sql`update alarms set occurrences = occurrences + 1,
            last_occurrence_at = ${d.at.toISOString()}::timestamptz where id = ${d.alarmId} and status <> 'cleared'`);
          updated.add(d.alarmId);
          break;
        case 'clear': {
          const rows = await query(
            tx,
            sql`update alarms set status = 'cleared', cleared_at = ${d.at.toISOString()}::timestamptz,
                health_status = 'resolved'
              where id = ${d.alarmId} and status <> 'cleared' returning id`,
          );
          if (rows.length > 0) {
            updated.add(d.alarmId);
            await tx.execute(sql`insert into notification_outbox (alarm_id, event) values (${d.alarmId}, 'cleared')`);
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
