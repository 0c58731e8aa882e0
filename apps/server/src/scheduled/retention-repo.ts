import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { query } from '../lib/sql.ts';

/** Recomputes the hourly rollups of the readings at or after `from` (idempotent). */
export function upsertHourlyRollups(db: DbOrTx, from: string): Promise<unknown> {
  return db.execute(sql`insert into readings_hourly (controller_id, key, bucket, min, max, sum, count, product_max)
    select controller_id, key, date_trunc('hour', ts), min(value), max(value), sum(value), count(*), max(product_value)
    from readings where ts >= ${from}::timestamptz group by 1, 2, 3
    on conflict (controller_id, key, bucket) do update set min = excluded.min, max = excluded.max,
      sum = excluded.sum, count = excluded.count, product_max = excluded.product_max`);
}

export function timescaleInstalled(db: DbOrTx): Promise<{ on: boolean }[]> {
  return query<{ on: boolean }>(
    db,
    sql`select exists (select 1 from pg_extension where extname = 'timescaledb') as on`,
  );
}

export function readingsIsHypertable(db: DbOrTx): Promise<{ yes: boolean }[]> {
  return query<{ yes: boolean }>(
    db,
    sql`select exists (select 1 from timescaledb_information.hypertables where hypertable_name = 'readings') as yes`,
  );
}

/** TimescaleDB: drops the readings' chunks wholly older than `cutoff`. */
export function dropReadingChunks(db: DbOrTx, cutoff: string): Promise<unknown> {
  return db.execute(sql`select drop_chunks('readings', older_than => ${cutoff}::timestamptz)`);
}

export function deleteReadingsBefore(db: DbOrTx, cutoff: string): Promise<unknown> {
  return db.execute(sql`delete from readings where ts < ${cutoff}::timestamptz`);
}

/** Message ids past the dedupe window. */
export function deleteMessageIdsBefore(db: DbOrTx, cutoff: string): Promise<unknown> {
  return db.execute(sql`delete from ingest_messages where received_at < ${cutoff}::timestamptz`);
}
