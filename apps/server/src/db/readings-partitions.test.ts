import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { query } from '../lib/sql.ts';
import { createRetentionRepo } from '../scheduled/retention-repo.ts';
import { applyRetention } from '../scheduled/scheduler.ts';
import { migrationsBefore, openTestDatabase, type TestDatabase } from '../test/database.ts';
import { type Database, migrateDatabase } from './client.ts';
import { ensureReadingsPartitions, READINGS_DAYS_AHEAD, readingsPartitions } from './readings-partitions.ts';

const DAY = 86_400_000;
const dayStart = (t: number) => Math.floor(t / DAY) * DAY;
const dayName = (t: number) => `readings_p${new Date(dayStart(t)).toISOString().slice(0, 10).replaceAll('-', '')}`;

async function insert(db: Database['db'], rows: [number, string, number][]) {
  for (const [controller, at, value] of rows) {
    await db.execute(
      sql`insert into readings (controller_id, key, ts, value) values (${controller}, 'A:superheat', ${at}::timestamptz, ${value})`,
    );
  }
}
/** value → the partition its row is stored in. */
async function placement(db: Database['db']): Promise<Record<number, string>> {
  const rows = await query<{ value: number; part: string }>(
    db,
    sql`select value, tableoid::regclass::text as part from readings order by value`,
  );
  return Object.fromEntries(rows.map((r) => [r.value, r.part]));
}

describe('readings partitioned by day (no TimescaleDB)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('has day partitions a week ahead of the day it is opened and a default partition', async () => {
    // The clock this test drives: the day partitions of any day are ensured as the server does at start-up.
    const now = Date.now();
    await database.db.transaction(async (tx) => {
      await ensureReadingsPartitions(tx as unknown as Database['db'], new Date(now));
    });
    const parts = await readingsPartitions(database.db);
    expect(parts).not.toBeNull();
    const names = (parts ?? []).map((p) => p.name);
    expect(names).toContain('readings_default');
    for (let i = 0; i <= READINGS_DAYS_AHEAD; i++) expect(names).toContain(dayName(now + i * DAY));
    const today = (parts ?? []).find((p) => p.name === dayName(now));
    expect(today).toMatchObject({ isDefault: false, from: dayStart(now), to: dayStart(now) + DAY });
  });

  it('stores a reading years off in the default partition, today’s in today’s partition', async () => {
    const now = Date.now();
    await database.db.transaction(async (tx) => {
      await ensureReadingsPartitions(tx as unknown as Database['db'], new Date(now));
    });
    await insert(database.db, [
      [1, '2001-01-01T00:00:00Z', 1],
      [1, '2099-06-01T00:00:00Z', 2],
      [1, new Date(now).toISOString(), 3],
    ]);
    expect(await placement(database.db)).toEqual({
      1: 'readings_default',
      2: 'readings_default',
      3: dayName(now),
    });
    await database.db.execute(sql`delete from readings`);
  });

  it('the task creates partitions ahead and moves a past day’s rows out of the default partition', async () => {
    const now = Date.now();
    const past = now - 20 * DAY;
    await insert(database.db, [
      [1, new Date(past).toISOString(), 10],
      [1, new Date(now - 200 * DAY).toISOString(), 11],
    ]);
    expect(await placement(database.db)).toEqual({ 10: 'readings_default', 11: 'readings_default' });
    // Ten days later: the week ahead is extended; past days within 90 days get their partition.
    await database.db.transaction(async (tx) => {
      const created = await ensureReadingsPartitions(tx as unknown as Database['db'], new Date(now + 10 * DAY), {
        backDays: 90 + 10,
      });
      expect(created).toContain(dayName(now + 10 * DAY + READINGS_DAYS_AHEAD * DAY));
      expect(created).toContain(dayName(past));
      expect(created).not.toContain(dayName(now + 5 * DAY));
    });
    expect(await placement(database.db)).toEqual({ 10: dayName(past), 11: 'readings_default' });
    // Idempotent.
    await database.db.transaction(async (tx) => {
      expect(await ensureReadingsPartitions(tx as unknown as Database['db'], new Date(now + 10 * DAY))).toEqual([]);
    });
    await database.db.execute(sql`delete from readings`);
  });

  it('retention drops whole day partitions past the setting and keeps newer data', async () => {
    const now = Date.now();
    const at = (days: number) => new Date(now - days * DAY).toISOString();
    await insert(database.db, [
      [1, at(100), 1],
      [1, at(92), 2],
      [1, at(89), 3],
      [1, at(1), 4],
      [1, '2001-01-01T00:00:00Z', 5],
      [1, '2099-06-01T00:00:00Z', 6],
    ]);
    await database.db.transaction(async (tx) => {
      await ensureReadingsPartitions(tx as unknown as Database['db'], new Date(now), { backDays: 120 });
    });
    await database.db.transaction(async (tx) => {
      await applyRetention(createRetentionRepo(), new Date(now), 90, tx as unknown as Database['db']);
    });
    const names = ((await readingsPartitions(database.db)) ?? []).map((p) => p.name);
    expect(names).not.toContain(dayName(now - 100 * DAY));
    expect(names).not.toContain(dayName(now - 92 * DAY));
    expect(names).toContain(dayName(now - 89 * DAY));
    // The expired row in the default partition goes too; the one far ahead stays.
    expect(await placement(database.db)).toEqual({
      3: dayName(now - 89 * DAY),
      4: dayName(now - DAY),
      6: 'readings_default',
    });
  });
});

describe('migration 0010 on a table that already has readings', () => {
  it('keeps every row: the old table becomes the partition of everything before tomorrow', async () => {
    // The migrations up to 0009 only.
    const before = await migrationsBefore('0010_readings_partitioned');
    onTestFinished(before.remove);
    const database = await openTestDatabase({ migrationsFolder: before.dir });
    try {
      expect(await readingsPartitions(database.db)).toBeNull();
      const now = Date.now();
      await insert(database.db, [
        [1, '2001-01-01T00:00:00Z', 1],
        [1, new Date(now - 3 * DAY).toISOString(), 2],
        [2, new Date(now).toISOString(), 3],
        [2, new Date(now + 2 * DAY).toISOString(), 4],
        [2, new Date(now + 30 * DAY).toISOString(), 5],
      ]);
      await migrateDatabase(database);
      expect(await placement(database.db)).toEqual({
        1: 'readings_legacy',
        2: 'readings_legacy',
        3: 'readings_legacy',
        4: dayName(now + 2 * DAY),
        5: 'readings_default',
      });
      // New readings go to the day partitions; the index is the parent's.
      await insert(database.db, [[3, new Date(now + DAY).toISOString(), 6]]);
      expect((await placement(database.db))[6]).toBe(dayName(now + DAY));
      const [index] = await query<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_indexes where tablename = 'readings' and indexname = 'readings_controller_key_ts_idx'`,
      );
      expect(index?.n).toBe(1);
    } finally {
      await database.close();
    }
  });
});
