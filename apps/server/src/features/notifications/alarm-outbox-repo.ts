import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';

export function createAlarmOutboxRepo(db: Db) {
  return {
    /** The oldest unprocessed outbox row, locked for the caller's transaction (skipping rows other instances hold). */
    async lockNextOutboxRow(on: DbOrTx) {
      const [item] = await query<{ id: number; alarm_id: number; event: string }>(
        on,
        sql`select id, alarm_id, event from notification_outbox where processed_at is null
          order by id limit 1 for update skip locked`,
      );
      return item;
    },
    async markOutboxProcessed(id: number, at: Date, on: DbOrTx): Promise<void> {
      await on.execute(sql`update notification_outbox set processed_at = ${at.toISOString()}::timestamptz,
      attempts = attempts + 1 where id = ${id}`);
    },
    /** Counts a failed attempt at an outbox row; the row is given up (processed) at `maxAttempts`. */
    async countOutboxFailure(id: number, at: Date, maxAttempts: number): Promise<void> {
      await db.execute(sql`update notification_outbox set attempts = attempts + 1,
      processed_at = case when attempts + 1 >= ${maxAttempts} then ${at.toISOString()}::timestamptz end
      where id = ${id}`);
    },
  };
}

export type AlarmOutboxRepo = ReturnType<typeof createAlarmOutboxRepo>;
