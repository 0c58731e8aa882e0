import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../../lib/sql.ts';
import { seedAlarms } from '../../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../../test/app.ts';
import { headers } from '../../../test/helpers.ts';
import { ALARM_TOTALS_FROM, foldAlarmTotals } from './totals.ts';

/*
 * Staff's alarm counts (alarm_totals plus the appended changes) against the per-tenant counters and
 * against the alarms themselves, before and after folding, and with folds running side by side.
 */
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await login(t.app, 'technician@example.com');
  await seedAlarms(
    t.database.db,
    Array.from({ length: 60 }, (_, k) => ({
      controller: (k * 7) % 40,
      status: (['active', 'acknowledged', 'cleared'] as const)[k % 3],
      raisedAt: new Date(Date.parse('2026-10-01T12:00:00Z') - k * 60_000),
    })),
  );
});
afterAll(() => t?.close());

type Key = { status: string; warranty: boolean; severity: string; n: number };
const byKey = (rows: Key[]) =>
  Object.fromEntries(rows.filter((r) => r.n !== 0).map((r) => [`${r.status}|${r.warranty}|${r.severity}`, r.n]));
const fromTotals = () =>
  query<Key>(
    t.database.db,
    sql`select status, warranty, severity, sum(count)::int as n from ${ALARM_TOTALS_FROM.toDrizzle()} group by 1, 2, 3`,
  );
const fromAlarms = () =>
  query<Key>(t.database.db, sql`select status, warranty, severity, count(*)::int as n from alarms group by 1, 2, 3`);
const pending = async () =>
  (await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from alarm_total_changes`))[0]?.n ?? 0;

describe('alarm totals', () => {
  it('agree with the alarms before and after a fold, which empties the changes', async () => {
    expect(await pending()).toBeGreaterThan(0);
    const exact = byKey(await fromAlarms());
    expect(Object.keys(exact).length).toBeGreaterThan(1);
    expect(byKey(await fromTotals())).toEqual(exact);
    const folded = await foldAlarmTotals(t.database.db);
    expect(folded).toBeGreaterThan(0);
    expect(await pending()).toBe(0);
    expect(byKey(await fromTotals())).toEqual(exact);
    expect(await foldAlarmTotals(t.database.db)).toBe(0);
  });

  it('follow status and severity changes; concurrent folds move each change once', async () => {
    await t.database.db.execute(sql`update alarms set status = 'cleared', cleared_at = now() where status = 'active'`);
    await t.database.db.execute(
      sql`update alarms set severity = 'critical' where id in (select id from alarms where status = 'acknowledged' limit 5)`,
    );
    const changes = await pending();
    // Each moved alarm leaves one key and enters another.
    expect(changes).toBeGreaterThan(0);
    expect(changes % 2).toBe(0);
    const folds = await Promise.all([1, 2, 3].map(() => foldAlarmTotals(t.database.db)));
    expect(folds.reduce((a, b) => a + b, 0)).toBe(changes);
    expect(await pending()).toBe(0);
    expect(byKey(await fromTotals())).toEqual(byKey(await fromAlarms()));
  });

  it("are what staff's tiles and list total read (the tenants' counters are not)", async () => {
    await foldAlarmTotals(t.database.db);
    const stats = async (q = '') =>
      (await t.app.inject({ method: 'GET', url: `/api/alarms/stats${q}`, headers: headers(staff) })).json().data;
    const before = await stats();
    await t.database.db.execute(
      sql`insert into alarm_total_changes (status, warranty, severity, delta) values ('cleared', false, 'low', 1000)`,
    );
    try {
      expect((await stats()).cleared).toBe(before.cleared + 1000);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/alarms?status=cleared&severity=low',
        headers: headers(staff),
      });
      const exact =
        (
          await query<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from alarms where status = 'cleared' and severity = 'low'`,
          )
        )[0]?.n ?? 0;
      expect(list.json().meta.total).toBe(exact + 1000);
      // An organization's figures come from its counters, not from the totals.
      const [org] = await query<{ id: number }>(t.database.db, sql`select organization_id as id from alarms limit 1`);
      const orgStats = await stats(`?organization_id=${org?.id}`);
      const [orgExact] = await query<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from alarms where status = 'cleared' and organization_id = ${org?.id}`,
      );
      expect(orgStats.cleared).toBe(orgExact?.n);
    } finally {
      await t.database.db.execute(sql`delete from alarm_total_changes`);
    }
    // Folded or not, the same answer.
    expect(await stats()).toEqual(before);
  });
});
