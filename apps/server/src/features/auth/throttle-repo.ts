import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountThrottles } from '../../db/schema-auth.ts';
import { query } from '../../lib/sql.ts';

/** The per-account counts of failed sign-ins and reset requests (schema-auth.ts `account_throttles`). */
export function createThrottleRepo(db: DbOrTx) {
  return {
    async blockedUntil(key: string): Promise<Date | null> {
      const [row] = await db
        .select({ until: accountThrottles.blockedUntil })
        .from(accountThrottles)
        .where(eq(accountThrottles.key, key));
      return row?.until ?? null;
    },
    /** One more failure (counting from 1 again when the last one is older than `forgetBefore`); the count. */
    async fail(key: string, at: Date, forgetBefore: Date): Promise<number> {
      const [row] = await query<{ failures: number }>(
        db,
        sql`insert into account_throttles (key, failures, updated_at) values (${key}, 1, ${at.toISOString()}::timestamptz)
            on conflict (key) do update set
              failures = case when account_throttles.updated_at < ${forgetBefore.toISOString()}::timestamptz
                then 1 else account_throttles.failures + 1 end,
              blocked_until = case when account_throttles.updated_at < ${forgetBefore.toISOString()}::timestamptz
                then null else account_throttles.blocked_until end,
              updated_at = excluded.updated_at
            returning failures`,
      );
      return Number(row?.failures ?? 1);
    },
    async block(key: string, until: Date): Promise<void> {
      await db.update(accountThrottles).set({ blockedUntil: until }).where(eq(accountThrottles.key, key));
    },
    async clear(key: string): Promise<void> {
      await db.delete(accountThrottles).where(eq(accountThrottles.key, key));
    },
    /** Rows nobody failed on for longer than they are remembered. */
    async purge(before: Date): Promise<void> {
      await db
        .delete(accountThrottles)
        .where(sql`${accountThrottles.updatedAt} < ${before.toISOString()}::timestamptz`);
    },
  };
}

export type ThrottleRepo = ReturnType<typeof createThrottleRepo>;
