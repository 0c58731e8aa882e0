import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';

/** Starts (or restarts) an alarm's escalation clock: its first tier is due at `due`. */
export async function scheduleEscalation(tx: DbOrTx, alarmId: number, due: Date): Promise<void> {
  await tx.execute(sql`insert into alarm_escalations (alarm_id, next_at)
    values (${alarmId}, ${due.toISOString()}::timestamptz)
    on conflict (alarm_id) do update set next_at = excluded.next_at`);
}

/** Stops an alarm's escalation (no tier is due any more). */
export async function stopEscalation(tx: DbOrTx, alarmId: number): Promise<void> {
  await tx.execute(sql`update alarm_escalations set next_at = null where alarm_id = ${alarmId}`);
}

/** The escalation due first by `now`, locked for the caller's transaction (skipping those other instances hold). */
export async function lockNextDueEscalation(tx: DbOrTx, now: Date) {
  const [due] = await query<{ alarm_id: number; rounds: number }>(
    tx,
    sql`select alarm_id, rounds from alarm_escalations where next_at <= ${now.toISOString()}::timestamptz
        order by next_at limit 1 for update skip locked`,
  );
  return due;
}

export async function postponeEscalation(tx: DbOrTx, alarmId: number, until: Date): Promise<void> {
  await tx.execute(sql`update alarm_escalations set next_at = ${until.toISOString()}::timestamptz
    where alarm_id = ${alarmId}`);
}

/** Records a fired tier and when the next one is due (null: none). */
export async function recordEscalationRound(
  tx: DbOrTx,
  alarmId: number,
  r: { tier: number; at: Date; next: string | null },
): Promise<void> {
  await tx.execute(sql`update alarm_escalations set rounds = ${r.tier}, last_notified_at = ${r.at.toISOString()}::timestamptz,
    next_at = ${r.next}::timestamptz where alarm_id = ${alarmId}`);
}
