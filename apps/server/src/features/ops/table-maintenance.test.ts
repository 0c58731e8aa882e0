import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../../events/bus.ts';
import { query } from '../../lib/sql.ts';
import { startScheduler } from '../../scheduled/scheduler.ts';
import { openTestDatabase, type TestDatabase } from '../../test/database.ts';
import { type MaintenancePass, maintainTables } from './table-maintenance.ts';

// PGlite only: on PostgreSQL autovacuum does this work, and would race the assertions.
const embeddedOnly = process.env.RCM_TEST_DB === 'postgres';

let database: TestDatabase;
beforeAll(async () => {
  if (embeddedOnly) return;
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** Makes this backend's counters visible to the next statement (PostgreSQL flushes them at most once a second). */
const flushStats = () => database.db.execute(sql`select pg_stat_force_next_flush()`);

async function tableState(name: string) {
  const [row] = await query<{ reltuples: number; dead: number }>(
    database.db,
    sql`select c.reltuples::float8 as reltuples, coalesce(s.n_dead_tup, 0)::int as dead
        from pg_class c left join pg_stat_user_tables s on s.relid = c.oid where c.relname = ${name}`,
  );
  return row;
}

/** The planner's estimate of a table's rows (what the statistics are for). */
async function plannedRows(name: string): Promise<number> {
  const rows = await query<{ 'QUERY PLAN': string }>(database.db, sql.raw(`explain select * from ${name}`));
  return Number(/rows=(\d+)/.exec(rows[0]?.['QUERY PLAN'] ?? '')?.[1]);
}

describe.skipIf(embeddedOnly)('table maintenance of the embedded database (autovacuum’s rule)', () => {
  it('analyzes every table never analyzed, then nothing until enough changes', async () => {
    await flushStats();
    const first = await maintainTables(database.db);
    expect(first.analyzed).toEqual(expect.arrayContaining(['alarms', 'readings_hourly', 'users']));
    await flushStats();
    expect(await maintainTables(database.db)).toEqual({ vacuumed: [], analyzed: [] });
  });

  it('analyzes a table whose rows changed past the threshold, and vacuums one that grew past the insert threshold', async () => {
    await database.db.execute(sql`create table maint_probe (id int primary key, v text)`);
    await database.db.execute(sql`insert into maint_probe select g, md5(g::text) from generate_series(1, 1000) g`);
    await flushStats();
    expect((await maintainTables(database.db)).analyzed).toContain('maint_probe');
    expect((await tableState('maint_probe'))?.reltuples).toBe(1000);

    // 40 changes stay under 50 + 10 % of 1,000 rows; 5,000 more inserted rows pass it, and the insert
    // rule's 1,000 + 20 %: the table is vacuumed (its new rows frozen and marked visible) and analyzed.
    await database.db.execute(sql`insert into maint_probe select g, 'x' from generate_series(1001, 1040) g`);
    await flushStats();
    expect(await maintainTables(database.db)).toEqual({ vacuumed: [], analyzed: [] });
    await database.db.execute(sql`insert into maint_probe select g, 'x' from generate_series(1041, 6040) g`);
    await flushStats();
    expect(await maintainTables(database.db)).toEqual({ vacuumed: ['maint_probe'], analyzed: [] });
    expect(await plannedRows('maint_probe')).toBe(6040);
    // Updates are changes, not inserts: 700 pass the analyze threshold (50 + 604) and nothing else.
    await database.db.execute(sql`update maint_probe set v = 'z' where id <= 700`);
    await flushStats();
    expect(await maintainTables(database.db)).toEqual({ vacuumed: [], analyzed: ['maint_probe'] });
  });

  it('vacuums a table whose dead rows pass the threshold, and the dead rows are gone', async () => {
    // 3,000 updated rows leave 3,000 dead ones (and the 700 before): past 50 + 20 % of 6,040.
    await database.db.execute(sql`update maint_probe set v = 'y' where id <= 3000`);
    await flushStats();
    expect((await tableState('maint_probe'))?.dead).toBe(3700);
    expect(await maintainTables(database.db)).toEqual({ vacuumed: ['maint_probe'], analyzed: [] });
    await flushStats();
    expect((await tableState('maint_probe'))?.dead).toBe(0);
  });

  it('lets work that needs several statements in turn run to its end between two tables', async () => {
    await database.db.execute(sql`create table maint_turn_a (id int)`);
    await database.db.execute(sql`create table maint_turn_b (id int)`);
    await database.db.execute(sql`create table maint_turn_c (id int)`);
    await flushStats();
    // A request of five statements, each started on a timer after the one before answered (as the
    // ingest pipeline flushes a batch on a timer, and a socket is read), begun with the pass: it ends
    // while the pass pauses after its first table.
    const ended: string[] = [];
    const pass = maintainTables(database.db, { minPauseMs: 200 }).then((p) => {
      ended.push('pass');
      return p;
    });
    const request = (async () => {
      for (let step = 0; step < 5; step++) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        await database.db.execute(sql`select 1`);
      }
      ended.push('request');
    })();
    await Promise.all([pass, request]);
    expect((await pass).analyzed).toEqual(['maint_turn_a', 'maint_turn_b', 'maint_turn_c']);
    expect(ended).toEqual(['request', 'pass']);
  });

  it('runs through the scheduler outside a transaction, as VACUUM requires', async () => {
    await database.db.execute(sql`delete from maint_probe where id > 1000`);
    await flushStats();
    const errors: unknown[] = [];
    const log = { error: (...args: unknown[]) => errors.push(args) };
    let settle: { resolve: (p: MaintenancePass) => void; reject: (e: unknown) => void } | undefined;
    const ran = new Promise<MaintenancePass>((resolve, reject) => {
      settle = { resolve, reject };
    });
    const scheduler = startScheduler({
      db: database.db,
      bus: createEventBus(),
      log: log as never,
      tasks: [
        {
          name: 'table-maintenance',
          everyMs: 60_000,
          transaction: false,
          run: (db) => maintainTables(db).then(settle?.resolve, settle?.reject),
        },
      ],
    });
    expect((await ran).vacuumed).toEqual(['maint_probe']);
    await scheduler.stop();
    expect(errors).toEqual([]);
    await flushStats();
    expect((await tableState('maint_probe'))?.dead).toBe(0);
  });
});
