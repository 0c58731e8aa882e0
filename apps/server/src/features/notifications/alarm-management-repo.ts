import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';
import type { FloodAlarm } from './flood-email.ts';

/** What identifies an alarm's condition: its controller, type and subject. */
type ConditionOf = { controller_id: number; alarm_type_id: number; subject: string };

/** Chattering conditions and floods, read and written in the caller's transaction. */
export function createAlarmManagementRepo() {
  return {
    /** Raise times of the same condition in (since, at]. */
    async conditionRaiseTimes(alarm: ConditionOf, since: string, at: Date, tx: DbOrTx) {
      return query<{ raised_at: unknown }>(
        tx,
        sql`select raised_at from alarms where controller_id = ${alarm.controller_id} and alarm_type_id = ${alarm.alarm_type_id}
            and subject = ${alarm.subject} and raised_at > ${since}::timestamptz and raised_at <= ${at.toISOString()}::timestamptz`,
      );
    },

    async markChattering(alarmId: number, tx: DbOrTx): Promise<void> {
      await tx.execute(sql`update alarms set chattering = true where id = ${alarmId}`);
    },

    /** When the last alarm email of the same condition (another alarm than this one) was queued. */
    async lastConditionEmailAt(alarm: ConditionOf & { id: number }, tx: DbOrTx) {
      const [last] = await query<{ at: unknown }>(
        tx,
        sql`select max(e.created_at) as at from email_messages e join alarms a on a.id = e.alarm_id
            where a.controller_id = ${alarm.controller_id} and a.alarm_type_id = ${alarm.alarm_type_id}
              and a.subject = ${alarm.subject} and e.kind = 'alarm' and a.id <> ${alarm.id}`,
      );
      return last;
    },

    /** The open flood of a location, locked for the caller's transaction. */
    async lockOpenFlood(locationId: number | null, tx: DbOrTx) {
      const [flood] = await query<{ id: number }>(
        tx,
        sql`select id from alarm_floods where location_id = ${locationId} and ended_at is null for update`,
      );
      return flood;
    },

    async countInFlood(floodId: number, tx: DbOrTx): Promise<void> {
      await tx.execute(sql`update alarm_floods set alarm_count = alarm_count + 1 where id = ${floodId}`);
    },

    /** Opens a flood at a location unless one is already open there. */
    async startFlood(
      f: { organizationId: number; locationId: number | null; at: Date; count: number },
      tx: DbOrTx,
    ): Promise<void> {
      await tx.execute(sql`insert into alarm_floods (organization_id, location_id, started_at, alarm_count)
        values (${f.organizationId}, ${f.locationId}, ${f.at.toISOString()}::timestamptz, ${f.count})
        on conflict (location_id) where ended_at is null do nothing`);
    },

    /** Raise times of alarms at a location in (since, at] (suppressed ones do not count). */
    async locationRaiseTimes(locationId: number, since: string, at: Date, tx: DbOrTx) {
      return query<{ raised_at: unknown }>(
        tx,
        sql`select raised_at from alarms where location_id = ${locationId} and not suppressed
            and raised_at > ${since}::timestamptz and raised_at <= ${at.toISOString()}::timestamptz`,
      );
    },

    /** The unsuppressed alarms raised at a location in [from, to], as a flood email lists them (200 at most). */
    async floodAlarms(locationId: number, from: Date, to: Date, tx: DbOrTx) {
      return query<
        FloodAlarm & { location_name: string; type_name: string; type_name_es: string; controller_name: string }
      >(
        tx,
        sql`select a.ref, a.severity, t.name as type_name, t.name_es as type_name_es,
              coalesce(c.name, c.store_alias, c.mac_address) as controller_name, l.name as location_name
            from alarms a join alarm_types t on t.id = a.alarm_type_id join controllers c on c.id = a.controller_id
              join locations l on l.id = a.location_id
            where a.location_id = ${locationId} and not a.suppressed and a.raised_at >= ${from.toISOString()}::timestamptz
              and a.raised_at <= ${to.toISOString()}::timestamptz
            order by a.raised_at, a.id limit 200`,
      );
    },

    /** Open floods not locked by another instance, locked for the caller's transaction. */
    async lockOpenFloods(tx: DbOrTx) {
      return query<{ id: number; organization_id: number; location_id: number; started_at: unknown }>(
        tx,
        sql`select id, organization_id, location_id, started_at from alarm_floods where ended_at is null
            for update skip locked`,
      );
    },

    async endFlood(floodId: number, at: Date, tx: DbOrTx): Promise<void> {
      await tx.execute(sql`update alarm_floods set ended_at = ${at.toISOString()}::timestamptz where id = ${floodId}`);
    },
  };
}

export type AlarmManagementRepo = ReturnType<typeof createAlarmManagementRepo>;
