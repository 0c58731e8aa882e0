import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { alarmTypes } from '../../../db/schema-alarms.ts';
import { arr, ints, query, texts } from '../../../lib/sql.ts';

/** The row a raise decision stores; the caller has already settled warranty, status and suppression. */
export type RaiseRow = {
  ruleId: number;
  controllerId: number;
  organizationId: number | null;
  locationId: number | null;
  subject: string;
  rackRef: string | null;
  deviceAddress: string | null;
  reason: string;
  reasonEs: string;
  severity: string;
  status: 'active' | 'cleared';
  value: number | null;
  warranty: boolean;
  at: Date;
  occurrences: number;
  clearedAt: Date | null;
  suppressed: boolean;
  maintenanceWindowId: number | null;
  /** Raised from historical messages (recorded late, never paged). */
  historical: boolean;
};

type ConditionKey = { controllerId: number; ruleId: number; subject: string };

/**
 * The alarm engine's statements, each run in the caller's transaction (the ingest batch's or the
 * offline sweep's); built once by each module of the engine that runs them.
 */
export function createAlarmEngineRepo() {
  return {
    /** Inserts an alarm, or bumps the open one of the same controller, type and subject. */
    async upsertRaisedAlarm(r: RaiseRow, tx: Db): Promise<{ id: number; inserted: boolean }> {
      const [row] = await query<{ id: number; inserted: boolean }>(
        tx,
        sql`insert into alarms (alarm_type_id, controller_id, organization_id, location_id, subject, rack_ref,
          device_address, reason, reason_es, severity, status, value, warranty, raised_at, last_occurrence_at, occurrences, cleared_at,
          health_status, suppressed, maintenance_window_id, historical)
        values (${r.ruleId}, ${r.controllerId}, ${r.organizationId}, ${r.locationId}, ${r.subject}, ${r.rackRef},
          ${r.deviceAddress}, ${r.reason}, ${r.reasonEs}, ${r.severity}, ${r.status}, ${r.value}, ${r.warranty},
          ${r.at.toISOString()}::timestamptz, ${r.at.toISOString()}::timestamptz, ${r.occurrences},
          ${r.clearedAt?.toISOString() ?? null}::timestamptz, ${r.clearedAt ? 'resolved' : 'unresolved'},
          ${r.suppressed}, ${r.maintenanceWindowId}, ${r.historical})
        on conflict (controller_id, alarm_type_id, subject) where status <> 'cleared'
        do update set occurrences = alarms.occurrences + excluded.occurrences,
          last_occurrence_at = greatest(alarms.last_occurrence_at, excluded.last_occurrence_at)
        returning id, (xmax = 0) as inserted`,
      );
      if (!row) throw new Error('alarm insert returned nothing');
      return row;
    },

    /** Starts a holding condition, or refreshes the last value of the one already held. */
    async upsertCondition(c: ConditionKey & { since: Date; value: number | null }, tx: Db): Promise<void> {
      await tx.execute(sql`insert into alarm_conditions (controller_id, alarm_type_id, subject, since, last_value)
    values (${c.controllerId}, ${c.ruleId}, ${c.subject}, ${c.since.toISOString()}::timestamptz, ${c.value})
    on conflict (controller_id, alarm_type_id, subject) do update set last_value = excluded.last_value`);
    },

    async deleteCondition(c: ConditionKey, tx: Db): Promise<void> {
      await tx.execute(sql`delete from alarm_conditions
    where controller_id = ${c.controllerId} and alarm_type_id = ${c.ruleId} and subject = ${c.subject}`);
    },

    /** One more occurrence of an open alarm. */
    async bumpAlarm(alarmId: number, at: Date, tx: Db): Promise<void> {
      await tx.execute(sql`update alarms set occurrences = occurrences + 1,
    last_occurrence_at = ${at.toISOString()}::timestamptz where id = ${alarmId} and status <> 'cleared'`);
    },

    /**
     * Clears an open alarm by itself; false when it was already cleared. `historical`: a clear from
     * historical messages, which ends only an alarm they raised (recorded late), never a live one.
     */
    async autoClearAlarm(alarmId: number, at: Date, historical: boolean, tx: Db): Promise<boolean> {
      const rows = await query(
        tx,
        sql`update alarms set status = 'cleared', cleared_at = ${at.toISOString()}::timestamptz,
        health_status = 'resolved'
      where id = ${alarmId} and status <> 'cleared' ${historical ? sql`and historical` : sql``} returning id`,
      );
      return rows.length > 0;
    },

    /**
     * An open alarm recorded late (raised from historical messages) whose condition the live readings
     * now see for the rule's delay too: it is a live alarm from now on (and is paged as raised). False
     * when it was not a historical one.
     */
    async promoteHistorical(alarmId: number, tx: Db): Promise<boolean> {
      const rows = await query(
        tx,
        sql`update alarms set historical = false where id = ${alarmId} and historical and status <> 'cleared' returning id`,
      );
      return rows.length > 0;
    },

    /** Queues an alarm event for the notification outbox worker. */
    async enqueueAlarmEvent(alarmId: number, event: 'raised' | 'cleared', tx: Db): Promise<void> {
      await tx.execute(sql`insert into notification_outbox (alarm_id, event) values (${alarmId}, ${event})`);
    },

    /** Open alarms of these controllers. */
    async openAlarmsOf(controllerIds: number[], tx: Db) {
      return query<{ id: number; controller_id: number; alarm_type_id: number; subject: string; historical: boolean }>(
        tx,
        sql`select id, controller_id, alarm_type_id, subject, historical from alarms
        where controller_id = any(${arr(controllerIds)}::int[]) and status <> 'cleared'`,
      );
    },

    /** Holding conditions of these controllers. */
    async conditionsOf(controllerIds: number[], tx: Db) {
      return query<{ controller_id: number; alarm_type_id: number; subject: string; since: unknown }>(
        tx,
        sql`select controller_id, alarm_type_id, subject, since from alarm_conditions where controller_id = any(${arr(controllerIds)}::int[])`,
      );
    },

    /**
     * Hourly medians of the liquid level of each rack over the `hours` before its `before` instant (one
     * query for all racks; the index `(controller_id, key, ts)` answers each range).
     */
    async liquidLevelHourlyMedians(
      racks: { controllerId: number; rackRef: string; before: number }[],
      hours: number,
      tx: Db,
    ) {
      return query<{ controller_id: number; rack_ref: string; hour: number; level: number }>(
        tx,
        sql`select v.id as controller_id, v.ref as rack_ref, floor(extract(epoch from r.ts) / 3600)::int as hour,
          percentile_cont(0.5) within group (order by r.value) as level
        from unnest(${ints(racks.map((f) => f.controllerId))}::int[], ${texts(racks.map((f) => f.rackRef))}::text[],
          ${texts(racks.map((f) => new Date(f.before).toISOString()))}::timestamptz[]) as v(id, ref, before)
        join readings r on r.controller_id = v.id and r.key = v.ref || ':liquid_level'
          and r.ts >= v.before - make_interval(hours => ${hours}) and r.ts < v.before
        where r.value is not null
        group by 1, 2, 3 order by 3`,
      );
    },

    /** The alarm catalogue rows, in id order. */
    async alarmTypeRows(db: Db) {
      return db.select().from(alarmTypes).orderBy(asc(alarmTypes.id));
    },
  };
}

export type AlarmEngineRepo = ReturnType<typeof createAlarmEngineRepo>;
