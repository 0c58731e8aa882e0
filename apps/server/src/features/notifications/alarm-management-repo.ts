import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';
import type { FloodAlarm } from './flood-email.ts';

/** What identifies an alarm's condition: its controller, type and subject. */
type ConditionOf = { controller_id: number; alarm_type_id: number; subject: string };

/** Raise times of the same condition in (since, at]. */
export async function conditionRaiseTimes(tx: DbOrTx, alarm: ConditionOf, since: string, at: Date) {
  return query<{ raised_at: unknown }>(
    tx,
    sql`select raised_at from alarms where controller_id = ${alarm.controller_id} and alarm_type_id = ${alarm.alarm_type_id}
        and subject = ${alarm.subject} and raised_at > ${since}::timestamptz and raised_at <= ${at.toISOString()}::timestamptz`,
  );
}

export async function markChattering(tx: DbOrTx, alarmId: number): Promise<void> {
  await tx.execute(sql`update alarms set chattering = true where id = ${alarmId}`);
}

/** When the last alarm email of the same condition (another alarm than this one) was queued. */
export async function lastConditionEmailAt(tx: DbOrTx, alarm: ConditionOf & { id: number }) {
  const [last] = await query<{ at: unknown }>(
    tx,
    sql`select max(e.created_at) as at from email_messages e join alarms a on a.id = e.alarm_id
        where a.controller_id = ${alarm.controller_id} and a.alarm_type_id = ${alarm.alarm_type_id}
          and a.subject = ${alarm.subject} and e.kind = 'alarm' and a.id <> ${alarm.id}`,
  );
  return last;
}

/** The open flood of a location, locked for the caller's transaction. */
export async function lockOpenFlood(tx: DbOrTx, locationId: number | null) {
  const [flood] = await query<{ id: number }>(
    tx,
    sql`select id from alarm_floods where location_id = ${locationId} and ended_at is null for update`,
  );
  return flood;
}

export async function countInFlood(tx: DbOrTx, floodId: number): Promise<void> {
  await tx.execute(sql`update alarm_floods set alarm_count = alarm_count + 1 where id = ${floodId}`);
}

/** Opens a flood at a location unless one is already open there. */
export async function startFlood(
  tx: DbOrTx,
  f: { organizationId: number; locationId: number | null; at: Date; count: number },
): Promise<void> {
  await tx.execute(sql`insert into alarm_floods (organization_id, location_id, started_at, alarm_count)
    values (${f.organizationId}, ${f.locationId}, ${f.at.toISOString()}::timestamptz, ${f.count})
    on conflict (location_id) where ended_at is null do nothing`);
}

/** Raise times of alarms at a location in (since, at] (suppressed ones do not count). */
export async function locationRaiseTimes(tx: DbOrTx, locationId: number, since: string, at: Date) {
  return query<{ raised_at: unknown }>(
    tx,
    sql`select raised_at from alarms where location_id = ${locationId} and not suppressed
        and raised_at > ${since}::timestamptz and raised_at <= ${at.toISOString()}::timestamptz`,
  );
}

/** The unsuppressed alarms raised at a location in [from, to], as a flood email lists them (200 at most). */
export async function floodAlarms(tx: DbOrTx, locationId: number, from: Date, to: Date) {
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
}

/** Open floods not locked by another instance, locked for the caller's transaction. */
export async function lockOpenFloods(tx: DbOrTx) {
  return query<{ id: number; organization_id: number; location_id: number; started_at: unknown }>(
    tx,
    sql`select id, organization_id, location_id, started_at from alarm_floods where ended_at is null
        for update skip locked`,
  );
}

export async function endFlood(tx: DbOrTx, floodId: number, at: Date): Promise<void> {
  await tx.execute(sql`update alarm_floods set ended_at = ${at.toISOString()}::timestamptz where id = ${floodId}`);
}
