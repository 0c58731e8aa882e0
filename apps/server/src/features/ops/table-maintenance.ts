/**
 * Database administration of the embedded database: VACUUM and ANALYZE of its tables. Not the
 * product's data, so its statements stay here rather than in a repository
 * (`.dependency-cruiser.cjs` SQL_OUTSIDE_REPOSITORIES).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';

/** What one pass did: the tables it vacuumed (and analyzed) and those it only analyzed. */
export type MaintenancePass = { vacuumed: string[]; analyzed: string[] };

/**
 * The least pause after each table's statement. The pause is also at least as long as the statement
 * took, so maintenance holds the database at most half the time, and what waited behind a statement
 * (an ingest batch, a request that needs several statements in turn) runs to its end before the next.
 */
export const MIN_PAUSE_MS = 50;

/** A numeric setting of the server, read in the statement. */
const setting = (name: string) => sql.raw(`current_setting('${name}')::float8`);

/**
 * PGlite runs PostgreSQL as a single-user backend: no autovacuum. Without this its tables are never
 * analyzed (the planner takes a table of hourly readings for one row and joins it by nested loops),
 * dead rows of the often-updated tables (counters, alarms, sessions) are never reclaimed, and nothing
 * freezes old transaction ids before they wrap around.
 *
 * This is autovacuum's rule with PostgreSQL's own settings, run by the caller on a timer: a table is
 * vacuumed (and analyzed) when its dead rows pass `autovacuum_vacuum_threshold` +
 * `autovacuum_vacuum_scale_factor` × its rows, its rows inserted since the last vacuum pass the insert
 * threshold and scale factor (so append-only tables are frozen a little at a time), or its oldest
 * unfrozen transaction id is older than `autovacuum_freeze_max_age`; analyzed when the rows changed
 * since its last analysis pass the analyze threshold and scale factor, or it was never analyzed.
 * VACUUM cannot run inside a transaction: `db` is the database itself. The counters of changes start at zero when PGlite opens; a table's row
 * estimate and its statistics are kept on disk.
 */
export async function maintainTables(
  db: Db,
  opts: { log?: FastifyBaseLogger; minPauseMs?: number } = {},
): Promise<MaintenancePass> {
  const { log, minPauseMs = MIN_PAUSE_MS } = opts;
  const due = await query<{ name: string; vacuum: boolean }>(
    db,
    sql`with t as (
          select s.relid::regclass::text as name, c.reltuples < 0 as never, greatest(c.reltuples, 0) as n,
            s.n_dead_tup as dead, s.n_ins_since_vacuum as inserted, s.n_mod_since_analyze as changed,
            age(c.relfrozenxid) as xid_age
          from pg_stat_user_tables s join pg_class c on c.oid = s.relid
          where c.relkind = 'r'
        ), rule as (
          select name,
            dead > ${setting('autovacuum_vacuum_threshold')} + ${setting('autovacuum_vacuum_scale_factor')} * n
              or inserted > ${setting('autovacuum_vacuum_insert_threshold')}
                + ${setting('autovacuum_vacuum_insert_scale_factor')} * n
              or xid_age > ${setting('autovacuum_freeze_max_age')} as vacuum,
            never or changed > ${setting('autovacuum_analyze_threshold')}
              + ${setting('autovacuum_analyze_scale_factor')} * n as analysis
          from t
        )
        select name, vacuum from rule where vacuum or analysis order by name`,
  );
  const pass: MaintenancePass = { vacuumed: [], analyzed: [] };
  if (due.length === 0) return pass;
  const started = performance.now();
  let busyMs = 0;
  let longestMs = 0;
  let lastMs = 0;
  for (const [i, table] of due.entries()) {
    // PGlite runs a statement on the event loop's thread and answers through promises alone: a loop
    // of awaited statements never lets a socket be read. A pause of timers (not setImmediate, which
    // runs before the timers that flush ingest batches) lets the work that queued meanwhile through.
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, Math.max(minPauseMs, lastMs)));
    // The name is regclass's own output: an identifier quoted where it needs to be.
    const name = sql.raw(table.name);
    const at = performance.now();
    if (table.vacuum) {
      await db.execute(sql`vacuum (analyze) ${name}`);
      pass.vacuumed.push(table.name);
    } else {
      await db.execute(sql`analyze ${name}`);
      pass.analyzed.push(table.name);
    }
    lastMs = performance.now() - at;
    busyMs += lastMs;
    longestMs = Math.max(longestMs, lastMs);
  }
  // Other statements wait while each of these runs (one connection): a long one is worth knowing about.
  const line = {
    ...pass,
    ms: Math.round(performance.now() - started),
    busy_ms: Math.round(busyMs),
    longest_ms: Math.round(longestMs),
  };
  if (longestMs > 1000) log?.warn(line, 'table maintenance held the database over a second');
  else log?.debug(line, 'table maintenance');
  return pass;
}
