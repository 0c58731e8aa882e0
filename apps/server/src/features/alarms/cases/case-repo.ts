import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { arr, floats, ints, query, texts } from '../../../lib/sql.ts';

/** One followed point to take up: its controller, address, the time of its first reading in the batch, and its kind. */
export type SavedCaseKey = { controllerId: number; addr: string; before: string; compressor: boolean };

export type SavedCaseRow = {
  controller_id: number;
  addr: string;
  defrost_since: number | null;
  door_since: number | null;
  defrost_ended: number | null;
  last_at: number | null;
  last_value: number | null;
  product_value: number | null;
  peak: number | null;
  low: number | null;
  starts: number[] | string | null;
};

/** An alarm held back, as a closed period of its point. */
export type HeldPeriod = {
  controllerId: number;
  rackRef: string;
  addr: string;
  kind: string;
  ruleId: number;
  since: string;
  until: string;
};

/** A point's finished hour: seconds observed, held back, and in range. */
export type CaseHour = {
  controllerId: number;
  addr: string;
  rackRef: string;
  bucket: string;
  observedS: number;
  heldS: number;
  inRangeS: number;
};

/**
 * The statements of what the case rules record and take up (case-apply.ts, case-history.ts), each run
 * in the ingest batch's transaction; each returns the driver's promise itself (no async wrapper).
 */
export function createCaseRepo() {
  return {
    /** A defrost or door opening began; a period of that kind already open for the point stays (a restart). */
    startCaseEvent(
      e: { controllerId: number; rackRef: string; addr: string; kind: 'defrost' | 'door_open'; at: string },
      tx: DbOrTx,
    ): Promise<unknown> {
      return tx.execute(sql`insert into case_events (controller_id, rack_ref, addr, kind, started_at)
    values (${e.controllerId}, ${e.rackRef}, ${e.addr}, ${e.kind}, ${e.at}::timestamptz)
    on conflict (controller_id, addr, kind) where ended_at is null do nothing`);
    },

    /** The open period of that kind of the point ends. */
    endCaseEvent(
      e: { controllerId: number; addr: string; kind: 'defrost' | 'door_open'; at: string },
      tx: DbOrTx,
    ): Promise<unknown> {
      return tx.execute(sql`update case_events set ended_at = greatest(started_at, ${e.at}::timestamptz)
    where controller_id = ${e.controllerId} and addr = ${e.addr} and kind = ${e.kind} and ended_at is null`);
    },

    /** Alarms held back, as closed periods (one statement for the batch). */
    insertHeld(rows: HeldPeriod[], tx: DbOrTx): Promise<unknown> {
      return tx.execute(sql`insert into case_events (controller_id, rack_ref, addr, kind, alarm_type_id, started_at, ended_at)
    select * from unnest(${ints(rows.map((r) => r.controllerId))}::int[], ${texts(rows.map((r) => r.rackRef))}::text[],
      ${texts(rows.map((r) => r.addr))}::text[], ${texts(rows.map((r) => r.kind))}::text[], ${ints(rows.map((r) => r.ruleId))}::int[],
      ${texts(rows.map((r) => r.since))}::timestamptz[], ${texts(rows.map((r) => r.until))}::timestamptz[])`);
    },

    /** Finished case hours, added to what the hour already holds (another instance, or before a restart). */
    addCaseHours(rows: CaseHour[], tx: DbOrTx): Promise<unknown> {
      return tx.execute(sql`insert into case_hours (controller_id, addr, bucket, rack_ref, observed_s, held_s, in_range_s)
    select * from unnest(${ints(rows.map((r) => r.controllerId))}::int[], ${texts(rows.map((r) => r.addr))}::text[],
      ${texts(rows.map((r) => r.bucket))}::timestamptz[], ${texts(rows.map((r) => r.rackRef))}::text[],
      ${floats(rows.map((r) => r.observedS))}::float8[], ${floats(rows.map((r) => r.heldS))}::float8[],
      ${floats(rows.map((r) => r.inRangeS))}::float8[])
    on conflict (controller_id, addr, bucket) do update set rack_ref = excluded.rack_ref,
      observed_s = case_hours.observed_s + excluded.observed_s, held_s = case_hours.held_s + excluded.held_s,
      in_range_s = case_hours.in_range_s + excluded.in_range_s`);
    },

    /**
     * What the database holds of followed points taken for the first time (case-history.ts), in one
     * statement: open defrost and door periods (the partial unique index), the last defrost ended within the
     * longest recovery (4 hours) and the air since it, the newest reading (a day back at most),
     * and a compressor's starts in the last hour (its readings going from 0 to running). Times are ms.
     */
    savedCases(keys: readonly SavedCaseKey[], tx: DbOrTx): Promise<SavedCaseRow[]> {
      const ms = (col: SQL) => sql`(extract(epoch from ${col}) * 1000)::float8`;
      return query<SavedCaseRow>(
        tx,
        sql`with p as (select * from unnest(${ints(keys.map((k) => k.controllerId))}::int[], ${texts(keys.map((k) => k.addr))}::text[],
          ${texts(keys.map((k) => k.before))}::timestamptz[], ${arr(keys.map((k) => k.compressor))}::bool[]) as p(c, a, before, compressor))
      select p.c as controller_id, p.a as addr, ${ms(sql`d.started_at`)} as defrost_since, ${ms(sql`o.started_at`)} as door_since,
        ${ms(sql`e.ended_at`)} as defrost_ended, ${ms(sql`l.ts`)} as last_at, l.value as last_value, l.product_value,
        rec.peak, rec.low, st.starts
      from p
      left join case_events d on not p.compressor and d.controller_id = p.c and d.addr = p.a and d.kind = 'defrost' and d.ended_at is null
      left join case_events o on not p.compressor and o.controller_id = p.c and o.addr = p.a and o.kind = 'door_open' and o.ended_at is null
      left join lateral (select max(x.ended_at) as ended_at from case_events x
        where not p.compressor and d.id is null and x.controller_id = p.c and x.addr = p.a and x.kind = 'defrost'
          and x.started_at > p.before - interval '1 day' and x.ended_at > p.before - interval '4 hours' and x.ended_at <= p.before) e on true
      left join lateral (select r.ts, r.value, r.product_value from readings r
        where r.controller_id = p.c and r.key = p.a and r.ts < p.before and r.ts > p.before - interval '1 day'
        order by r.ts desc limit 1) l on true
      left join lateral (select greatest(max(r.value), (select r2.value from readings r2
            where r2.controller_id = p.c and r2.key = p.a and r2.ts < e.ended_at and r2.ts >= e.ended_at - interval '15 minutes'
            order by r2.ts desc limit 1)) as peak,
          min(r.value) as low
        from readings r where e.ended_at is not null and r.controller_id = p.c and r.key = p.a
          and r.ts >= e.ended_at and r.ts < p.before) rec on true
      left join lateral (select array_agg(${ms(sql`s.ts`)} order by s.ts) as starts
        from (select r.ts, r.value, lag(r.value) over (order by r.ts) as prev from readings r
          where p.compressor and r.controller_id = p.c and r.key = p.a
            and r.ts >= p.before - interval '75 minutes' and r.ts < p.before) s
        where s.value <> 0 and s.prev = 0 and s.ts > p.before - interval '1 hour') st on true`,
      );
    },
  };
}

export type CaseRepo = ReturnType<typeof createCaseRepo>;
