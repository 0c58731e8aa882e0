import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAlarmCatalogue } from '../features/alarms/engine/catalogue.ts';
import { query } from '../lib/sql.ts';
import { openTestDatabase, type TestDatabase } from '../test/database.ts';
import { seedDemo } from './demo.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await ensureAlarmCatalogue(database.db);
  await seedDemo(database.db, new Date('2026-11-22T12:00:00Z'));
});
afterAll(async () => {
  await database?.close();
});

describe('demo alarm history', () => {
  it('spans a year, mostly cleared, with some open today', async () => {
    const [row] = await query<{ n: number; cleared: number; open: number; oldest: unknown }>(
      database.db,
      sql`select count(*)::int as n, count(*) filter (where status = 'cleared')::int as cleared,
            count(*) filter (where status <> 'cleared')::int as open, min(raised_at) as oldest from alarms`,
    );
    // 720 of history, the alarm-management story (a power cut, 14, and a flaky sensor, 9), and the
    // offline alarms of the 4 silent controllers.
    expect(row?.n).toBe(720 + 14 + 9 + 4);
    expect(row?.open).toBeGreaterThan(5);
    expect(row?.cleared).toBeGreaterThan(600);
    expect(new Date(String(row?.oldest)).getTime()).toBeLessThan(new Date('2026-01-15').getTime());
  });

  it('tells an alarm-management story: a nightly cleaning window, a flood, a chattering sensor, shelvings', async () => {
    const [row] = await query<{
      windows: number;
      suppressed: number;
      chattering: number;
      floods: number;
      shelvings: number;
    }>(
      database.db,
      sql`select (select count(*)::int from maintenance_windows where recurrence is not null) as windows,
            (select count(*)::int from alarms where suppressed) as suppressed,
            (select count(*)::int from alarms where chattering) as chattering,
            (select count(*)::int from alarm_floods where ended_at is not null) as floods,
            (select count(*)::int from alarm_shelvings) as shelvings`,
    );
    expect(row).toMatchObject({ windows: 1, chattering: 7, floods: 1, shelvings: 12 });
    expect(row?.suppressed).toBeGreaterThan(0);
  });

  it('never acknowledges or clears in the future, nor before the alarm was raised', async () => {
    const [row] = await query<{ future: number; backwards: number }>(
      database.db,
      sql`select count(*) filter (where acknowledged_at > '2026-11-22T12:00:00Z' or cleared_at > '2026-11-22T12:00:00Z')::int as future,
            count(*) filter (where acknowledged_at < raised_at or cleared_at < coalesce(acknowledged_at, raised_at))::int as backwards
          from alarms`,
    );
    expect(row).toEqual({ future: 0, backwards: 0 });
  });

  it('keeps the counters the dashboard reads equal to the rows', async () => {
    const counted = await query<{ status: string; n: number }>(
      database.db,
      sql`select status, count(*)::int as n from alarms group by status order by status`,
    );
    const counters = await query<{ status: string; n: number }>(
      database.db,
      sql`select status, sum(count)::int as n from alarm_counters group by status having sum(count) > 0 order by status`,
    );
    expect(counters).toEqual(counted);
  });

  it('records who acknowledged and cleared, in order', async () => {
    const [bad] = await query<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from alarms where (acknowledged_at is not null and acknowledged_at < raised_at)
            or (cleared_at is not null and cleared_at < acknowledged_at) or (status = 'acknowledged' and acknowledged_by is null)`,
    );
    expect(bad?.n).toBe(0);
  });
});
