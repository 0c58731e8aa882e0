import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';

/** What one pass did: the tables it vacuumed (and analyzed) and those it only analyzed. */
export type MaintenancePass = { vacuumed: string[]; analyzed: string[] };

/**
 * PGlite runs PostgreSQL as a single-user backend: no autovacuum. Without this its tables are never
 * analyzed (the planner takes a table of hourly readings for one row and joins it by nested loops),
 * dead rows of the often-updated tables (counters, alarms, sessions) are never reclaimed, and nothing
 * freezes old transaction ids before they wrap around.
 *
 * This is autovacuum's rule with PostgreSQL's own settings, run by the caller on a timer: a table is
 * vacuumed (and analyzed) when its dead rows pass `autovacuum_vacuum_threshold` +
 * `autovacuum_vacuum_scale_factor` × its rows, or its oldest unfrozen transaction id is older than
 * `autovacuum_freeze_max_age`; analyzed when the rows changed since its last analysis pass the analyze
 * threshold and scale factor, or it was never analyzed. VACUUM cannot run inside a transaction: `db`
 * is the database itself. The counters of changes start at zero when PGlite opens; a table's row
 * estimate and its statistics are kept on disk.
 */
export async function maintainTables(db: Db, log?: FastifyBaseLogger): Promise<MaintenancePass> {
  const due = await query<{ name: string; vacuum: boolean }>(
    db,
    sql`select s.relid::regclass::text as name,
          s.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::float8
              + current_setting('autovacuum_vacuum_scale_factor')::float8 * greatest(c.reltuples, 0)
            or age(c.relfrozenxid) > current_setting('autovacuum_freeze_max_age')::float8 as vacuum
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where c.relkind = 'r' and (
          c.reltuples < 0
          or s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
              + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0)
          or s.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::float8
              + current_setting('autovacuum_vacuum_scale_factor')::float8 * greatest(c.reltuples, 0)
          or age(c.relfrozenxid) > current_setting('autovacuum_freeze_max_age')::float8)
        order by 1`,
  );
  const pass: MaintenancePass = { vacuumed: [], analyzed: [] };
  if (due.length === 0) return pass;
  const started = performance.now();
  for (const table of due) {
    // The name is regclass's own output: an identifier quoted where it needs to be.
    const name = sql.raw(table.name);
    if (table.vacuum) {
      await db.execute(sql`vacuum (analyze) ${name}`);
      pass.vacuumed.push(table.name);
    } else {
      await db.execute(sql`analyze ${name}`);
      pass.analyzed.push(table.name);
    }
  }
  // Other statements wait while these run (one connection): a slow pass is worth knowing about.
  const line = { ...pass, ms: Math.round(performance.now() - started) };
  if (line.ms > 5000) log?.warn(line, 'table maintenance was slow');
  else log?.debug(line, 'table maintenance');
  return pass;
}
