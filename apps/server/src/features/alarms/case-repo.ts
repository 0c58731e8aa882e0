import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { floats, ints, texts } from '../../lib/sql.ts';

// Statements of the ingest batch's transaction for what the case rules record (case-apply.ts).

/** A defrost or door opening began; a period of that kind already open for the point stays (a restart). */
export function startCaseEvent(
  tx: DbOrTx,
  e: { controllerId: number; rackRef: string; addr: string; kind: 'defrost' | 'door_open'; at: string },
): Promise<unknown> {
  return tx.execute(sql`insert into case_events (controller_id, rack_ref, addr, kind, started_at)
    values (${e.controllerId}, ${e.rackRef}, ${e.addr}, ${e.kind}, ${e.at}::timestamptz)
    on conflict (controller_id, addr, kind) where ended_at is null do nothing`);
}

/** The open period of that kind of the point ends. */
export function endCaseEvent(
  tx: DbOrTx,
  e: { controllerId: number; addr: string; kind: 'defrost' | 'door_open'; at: string },
): Promise<unknown> {
  return tx.execute(sql`update case_events set ended_at = greatest(started_at, ${e.at}::timestamptz)
    where controller_id = ${e.controllerId} and addr = ${e.addr} and kind = ${e.kind} and ended_at is null`);
}

/** Alarms held back, as closed periods (one statement for the batch). */
export function insertHeld(
  tx: DbOrTx,
  rows: {
    controllerId: number;
    rackRef: string;
    addr: string;
    kind: string;
    ruleId: number;
    since: string;
    until: string;
  }[],
): Promise<unknown> {
  return tx.execute(sql`insert into case_events (controller_id, rack_ref, addr, kind, alarm_type_id, started_at, ended_at)
    select * from unnest(${ints(rows.map((r) => r.controllerId))}::int[], ${texts(rows.map((r) => r.rackRef))}::text[],
      ${texts(rows.map((r) => r.addr))}::text[], ${texts(rows.map((r) => r.kind))}::text[], ${ints(rows.map((r) => r.ruleId))}::int[],
      ${texts(rows.map((r) => r.since))}::timestamptz[], ${texts(rows.map((r) => r.until))}::timestamptz[])`);
}

/** Finished case hours, added to what the hour already holds (another instance, or before a restart). */
export function addCaseHours(
  tx: DbOrTx,
  rows: {
    controllerId: number;
    addr: string;
    rackRef: string;
    bucket: string;
    observedS: number;
    heldS: number;
    inRangeS: number;
  }[],
): Promise<unknown> {
  return tx.execute(sql`insert into case_hours (controller_id, addr, bucket, rack_ref, observed_s, held_s, in_range_s)
    select * from unnest(${ints(rows.map((r) => r.controllerId))}::int[], ${texts(rows.map((r) => r.addr))}::text[],
      ${texts(rows.map((r) => r.bucket))}::timestamptz[], ${texts(rows.map((r) => r.rackRef))}::text[],
      ${floats(rows.map((r) => r.observedS))}::float8[], ${floats(rows.map((r) => r.heldS))}::float8[],
      ${floats(rows.map((r) => r.inRangeS))}::float8[])
    on conflict (controller_id, addr, bucket) do update set rack_ref = excluded.rack_ref,
      observed_s = case_hours.observed_s + excluded.observed_s, held_s = case_hours.held_s + excluded.held_s,
      in_range_s = case_hours.in_range_s + excluded.in_range_s`);
}
