/**
 * Database administration of the embedded database: WAL and checkpoint state, and CHECKPOINT itself.
 * Not the product's data, so its statements stay here rather than in a repository
 * (`.dependency-cruiser.cjs` SQL_OUTSIDE_REPOSITORIES).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';

export type WalState = {
  /** WAL written since the last checkpoint's redo point: what a crash recovery replays. */
  walBytes: number;
  /** Seconds since the last checkpoint. */
  ageSeconds: number;
};

export async function walState(db: Db): Promise<WalState> {
  const [row] = await query<{ wal: string | number; age: string | number }>(
    db,
    sql`select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::bigint as wal,
          extract(epoch from clock_timestamp() - checkpoint_time)::float8 as age
        from pg_control_checkpoint()`,
  );
  return { walBytes: Number(row?.wal ?? 0), ageSeconds: Number(row?.age ?? 0) };
}

/**
 * PGlite runs PostgreSQL as a single-user backend: no checkpointer process, so without this no
 * checkpoint happens while the server runs, the WAL grows without end and a crash replays all of it.
 * Checkpoints when the WAL since the last one reaches `maxWalBytes` or it is `maxAgeSeconds` old; the
 * checkpoint removes or recycles the segments before it (max_wal_size bounds those kept).
 */
export async function checkpointIfDue(
  db: Db,
  limits: { maxWalBytes: number; maxAgeSeconds: number },
  log?: FastifyBaseLogger,
): Promise<boolean> {
  const state = await walState(db);
  if (state.walBytes < limits.maxWalBytes && state.ageSeconds < limits.maxAgeSeconds) return false;
  const started = performance.now();
  await db.execute(sql`checkpoint`);
  const ms = Math.round(performance.now() - started);
  // Writes wait for a checkpoint (one connection): a slow one is worth knowing about.
  const line = { wal_mb: Math.round(state.walBytes / 1_048_576), ms };
  if (ms > 5000) log?.warn(line, 'checkpoint was slow');
  else log?.debug(line, 'checkpoint');
  return true;
}
