import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { query } from '../../../lib/sql.ts';

export type SuppressedAlarm = {
  id: number;
  maintenance_window_id: number | null;
  controller_id: number;
  location_id: number | null;
  rack_ref: string | null;
};

/** The statements of the hold expiry (`hold-expiry.ts`); each runs on the scheduler's transaction (`on`). */
export function createHoldExpiryRepo(db: Db) {
  return {
    /**
     * Ends the shelvings whose time is up: the alarm is unshelved, its shelving row closed, and one still
     * open is queued for notification again (outbox `unshelved`). Returns the ids of the alarms, in order.
     */
    async endExpiredShelvings(now: Date, on: DbOrTx = db): Promise<number[]> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const rows = await query<{ id: number }>(
        on,
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
      return rows.map((r) => Number(r.id));
    },

    /** Alarms held back by a maintenance window. */
    async suppressedAlarms(on: DbOrTx = db): Promise<SuppressedAlarm[]> {
      return query<SuppressedAlarm>(
        on,
        sql`select id, maintenance_window_id, controller_id, location_id, rack_ref from alarms where list_status = 'suppressed'`,
      );
    },

    async moveToWindow(alarmId: number, windowId: number, on: DbOrTx = db): Promise<void> {
      await on.execute(sql`update alarms set maintenance_window_id = ${windowId} where id = ${alarmId}`);
    },

    /**
     * Clears a suppressed alarm (`maintenance_ended`) and raises a normal one in its place, with its
     * outbox row. Returns the new alarm's id, or null when the alarm was already cleared.
     */
    async replaceSuppressed(alarmId: number, now: Date, on: DbOrTx = db): Promise<number | null> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const [row] = await query<{ id: number }>(
        on,
        sql`with ended as (
              update alarms set status = 'cleared', cleared_at = ${at}, clear_reason = 'maintenance_ended'
              where id = ${alarmId} and status <> 'cleared'
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
      return row ? Number(row.id) : null;
    },
  };
}

export type HoldExpiryRepo = ReturnType<typeof createHoldExpiryRepo>;
