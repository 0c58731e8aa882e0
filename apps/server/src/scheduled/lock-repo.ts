import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DbOrTx } from '../db/client.ts';
import { query } from '../lib/sql.ts';

/** Takes the advisory lock `key` for the rest of the transaction, if no one holds it. */
export function tryTransactionLock(tx: DbOrTx, key: number): Promise<{ locked: boolean }[]> {
  return query<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${key}) as locked`);
}

/** Takes the advisory lock `key` for as long as the connection lives, if no one holds it. */
export function trySessionLock(client: pg.Client, key: number): Promise<pg.QueryResult<{ locked: boolean }>> {
  return client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
}

/** A round trip on the connection (is it, and so its session lock, still there?). */
export function ping(client: pg.Client): Promise<pg.QueryResult> {
  return client.query('select 1');
}
