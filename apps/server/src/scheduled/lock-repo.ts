import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DbOrTx } from '../db/client.ts';
import { query } from '../lib/sql.ts';

/**
 * PostgreSQL advisory locks: the scheduler's, held for a task's transaction, and the leadership's,
 * held by a connection of its own. Each statement runs on the transaction or connection it is given.
 */
export function createLockRepo() {
  return {
    /** Takes the advisory lock `key` for the rest of the transaction, if no one holds it. */
    tryTransactionLock(key: number, tx: DbOrTx): Promise<{ locked: boolean }[]> {
      return query<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${key}) as locked`);
    },
    /** Takes the advisory lock `key` for as long as the connection lives, if no one holds it. */
    trySessionLock(key: number, client: pg.Client): Promise<pg.QueryResult<{ locked: boolean }>> {
      return client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
    },
    /** A round trip on the connection (is it, and so its session lock, still there?). */
    ping(client: pg.Client): Promise<pg.QueryResult> {
      return client.query('select 1');
    },
  };
}

export type LockRepo = ReturnType<typeof createLockRepo>;
