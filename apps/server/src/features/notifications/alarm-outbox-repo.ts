import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';

/** The oldest unprocessed outbox row, locked for the caller's transaction (skipping rows other instances hold). */
export async function lockNextOutboxRow(tx: DbOrTx) {
  const [item] = await query<{ id: number; alarm_id: number; event: string }>(
    tx,
    sql`select id, alarm_id, event from notification_outbox where processed_at is null
        order by id limit 1 for update skip locked`,
  );
  return item;
}

export async function markOutboxProcessed(tx: DbOrTx, id: number, at: Date): Promise<void> {
  await tx.execute(sql`update notification_outbox set processed_at = ${at.toISOString()}::timestamptz,
    attempts = attempts + 1 where id = ${id}`);
}

/** Counts a failed attempt at an outbox row; the row is given up (processed) at `maxAttempts`. */
export async function countOutboxFailure(db: Db, id: number, at: Date, maxAttempts: number): Promise<void> {
  await db.execute(sql`update notification_outbox set attempts = attempts + 1,
    processed_at = case when attempts + 1 >= ${maxAttempts} then ${at.toISOString()}::timestamptz end
    where id = ${id}`);
}
