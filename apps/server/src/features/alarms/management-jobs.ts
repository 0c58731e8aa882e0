import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { QueuedEvent } from '../../events/bus.ts';
import { query } from '../../lib/sql.ts';
import { createMaintenanceRepo } from '../maintenance/repo.ts';
import { suppressingWindow, windowActiveAt } from './management.ts';
import { alarmSummariesByIds } from './summaries.ts';

/**
 * Shelvings whose time is up end by themselves: the alarm returns to the lists (announced), and one
 * still open is notified again (outbox `unshelved`). Runs in the scheduler's transaction.
 */
export async function expireShelvings(tx: Db, now: Date): Promise<QueuedEvent<'alarm.raised' | 'alarm.updated'>[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await query<{ id: number }>(
    tx,
    sql`with expired as (
          update alarms set shelved_until = null, shelved_by = null, shelve_reason = null
          where shelved_until is not null and shelved_until <= ${at} returning id, status
        ), ended as (
          update alarm_shelvings h set ended_at = h.until from expired where h.alarm_id = expired.id and h.ended_at is null
        ), outbox as (
          insert into notification_outbox (alarm_id, event) select id, 'unshelved' from expired where status <> 'cleared'
        )
        select id from expired order by id`,
  );
  const summaries = await alarmSummariesByIds(
    tx,
    rows.map((r) => Number(r.id)),
  );
  return summaries.map((summary) => ({ name: 'alarm.updated', args: [summary] }));
}

type Suppressed = {
  id: number;
  maintenance_window_id: number | null;
  controller_id: number;
  location_id: number | null;
  rack_ref: string | null;
};

/**
 * Suppressed alarms whose window is over: when another window covers them they move to it; else the
 * suppressed alarm is cleared (`maintenance_ended`) and, as its condition still holds (it is open),
 * a normal alarm is raised now in its place, with its outbox row: emails and escalation follow.
 */
export async function endMaintenance(tx: Db, now: Date): Promise<QueuedEvent<'alarm.raised' | 'alarm.updated'>[]> {
  const open = await query<Suppressed>(
    tx,
    sql`select id, maintenance_window_id, controller_id, location_id, rack_ref from alarms where list_status = 'suppressed'`,
  );
  if (open.length === 0) return [];
  const windows = await createMaintenanceRepo(tx).inForce(tx, now);
  const byId = new Map(windows.map((w) => [w.id, w]));
  const updated: number[] = [];
  const raised: number[] = [];
  for (const a of open) {
    const current = a.maintenance_window_id == null ? undefined : byId.get(Number(a.maintenance_window_id));
    if (current && windowActiveAt(current, now)) continue;
    const place = { controllerId: Number(a.controller_id), locationId: a.location_id, rackRef: a.rack_ref };
    const other = suppressingWindow(windows, place, now);
    if (other) {
      await tx.execute(sql`update alarms set maintenance_window_id = ${other.id} where id = ${a.id}`);
      updated.push(Number(a.id));
      continue;
    }
    const at = sql`${now.toISOString()}::timestamptz`;
    const [row] = await query<{ id: number }>(
      tx,
      sql`with ended as (
            update alarms set status = 'cleared', cleared_at = ${at}, clear_reason = 'maintenance_ended'
            where id = ${a.id} and status <> 'cleared'
            returning alarm_type_id, controller_id, organization_id, location_id, subject, rack_ref, device_address,
              reason, reason_es, severity, value, warranty
          ), raised as (
            insert into alarms (alarm_type_id, controller_id, organization_id, location_id, subject, rack_ref,
              device_address, reason, reason_es, severity, status, value, warranty, raised_at, last_occurrence_at)
            select alarm_type_id, controller_id, organization_id, location_id, subject, rack_ref, device_address,
              reason, reason_es, severity, 'active', value, warranty, ${at}, ${at} from ended
            returning id
          ), outbox as (
            insert into notification_outbox (alarm_id, event) select id, 'raised' from raised
          )
          select id from raised`,
    );
    updated.push(Number(a.id));
    if (row) raised.push(Number(row.id));
  }
  const summaries = await alarmSummariesByIds(tx, [...updated, ...raised]);
  return summaries.map((summary) => ({
    name: raised.includes(summary.id) ? 'alarm.raised' : 'alarm.updated',
    args: [summary],
  }));
}
