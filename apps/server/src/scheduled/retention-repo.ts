import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { query } from '../lib/sql.ts';

/**
 * The rollups' and retention's statements, each run in the scheduled task's transaction (the one
 * holding its advisory lock).
 */
export function createRetentionRepo() {
  return {
    /** Recomputes the hourly rollups of the readings at or after `from` (idempotent). */
    upsertHourlyRollups(from: string, tx: DbOrTx): Promise<unknown> {
      return tx.execute(sql`insert into readings_hourly (controller_id, key, bucket, min, max, sum, count, product_max)
        select controller_id, key, date_trunc('hour', ts), min(value), max(value), sum(value), count(*), max(product_value)
        from readings where ts >= ${from}::timestamptz group by 1, 2, 3
        on conflict (controller_id, key, bucket) do update set min = excluded.min, max = excluded.max,
          sum = excluded.sum, count = excluded.count, product_max = excluded.product_max`);
    },
    timescaleInstalled(tx: DbOrTx): Promise<{ on: boolean }[]> {
      return query<{ on: boolean }>(
        tx,
        sql`select exists (select 1 from pg_extension where extname = 'timescaledb') as on`,
      );
    },
    readingsIsHypertable(tx: DbOrTx): Promise<{ yes: boolean }[]> {
      return query<{ yes: boolean }>(
        tx,
        sql`select exists (select 1 from timescaledb_information.hypertables where hypertable_name = 'readings') as yes`,
      );
    },
    /** TimescaleDB: drops the readings' chunks wholly older than `cutoff`. */
    dropReadingChunks(cutoff: string, tx: DbOrTx): Promise<unknown> {
      return tx.execute(sql`select drop_chunks('readings', older_than => ${cutoff}::timestamptz)`);
    },
    deleteReadingsBefore(cutoff: string, tx: DbOrTx): Promise<unknown> {
      return tx.execute(sql`delete from readings where ts < ${cutoff}::timestamptz`);
    },
    /** Message ids past the dedupe window. */
    deleteMessageIdsBefore(cutoff: string, tx: DbOrTx): Promise<unknown> {
      return tx.execute(sql`delete from ingest_messages where received_at < ${cutoff}::timestamptz`);
    },
  };
}

export type RetentionRepo = ReturnType<typeof createRetentionRepo>;
