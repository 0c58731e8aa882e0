import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { createRetentionRepo } from '../../scheduled/retention-repo.ts';
import { applyRetention } from '../../scheduled/scheduler.ts';
import { openTestDatabase, type TestDatabase } from '../../test/database.ts';

let database: TestDatabase;
beforeAll(async () => {
  // Migrations include 0009 (the hypertable step), which must pass where TimescaleDB is absent.
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('readings retention (expired rows outside the day partitions, e.g. in the default one; no TimescaleDB here)', () => {
  it('deletes only readings and message ids past their age', async () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const day = 86_400_000;
    const at = (days: number) => new Date(now.getTime() - days * day).toISOString();
    await database.db.execute(sql`insert into readings (controller_id, key, ts, value) values
      (1, 'A:superheat', ${at(100)}::timestamptz, 1), (1, 'A:superheat', ${at(89)}::timestamptz, 2),
      (1, 'A:superheat', ${at(1)}::timestamptz, 3)`);
    await database.db.execute(sql`insert into ingest_messages (controller_id, msg_id, received_at) values
      (1, 'old', ${at(3)}::timestamptz), (1, 'new', ${at(1)}::timestamptz)`);
    await applyRetention(createRetentionRepo(), now, 90, database.db);
    const readings = await query<{ value: number }>(database.db, sql`select value from readings order by value`);
    expect(readings.map((r) => r.value)).toEqual([2, 3]);
    const ids = await query<{ msg_id: string }>(database.db, sql`select msg_id from ingest_messages`);
    expect(ids.map((r) => r.msg_id)).toEqual(['new']);
  });
});
