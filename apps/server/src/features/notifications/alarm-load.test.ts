import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { addOutsider, type SeededAlarm, seedAlarms } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';
import { subscribeToAlarmEmails, workerRepos } from '../../test/notifications.ts';
import { createMailTransport } from '../mail/transport.ts';
import { endFloods } from './alarm-management.ts';
import { processOutbox } from './alarm-outbox.ts';

let t: TestApp;
const PUBLIC_URL = 'http://console.test';
/**
 * The clock these tests drive: the latest 18:00 UTC (midday in the demo's American stores, evening in
 * Madrid), never inside anyone's quiet hours, so what is emailed does not depend on when the run is.
 */
const DAY = 86_400_000;
const EVENING = Math.floor(Date.now() / DAY) * DAY + 18 * 3_600_000;
const NOW = EVENING > Date.now() ? EVENING - DAY : EVENING;
const deps = () => ({
  db: t.database.db,
  bus: t.bus,
  outbox: t.context.shared.outbox,
  transport: createMailTransport(undefined),
  publicUrl: PUBLIC_URL,
  from: 'console@example.com',
  ...workerRepos(),
  now: () => new Date(NOW),
});

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date(NOW);
  await subscribeToAlarmEmails(t.database.db, ['manager@example.com']);
});
afterAll(() => t?.close());

async function raise(alarms: SeededAlarm[]) {
  for (const a of alarms) {
    await t.database.db.execute(sql`insert into notification_outbox (alarm_id, event) values (${a.id}, 'raised')`);
    await processOutbox(deps());
  }
}
const emailsOf = async (alarmId: number) =>
  (
    await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from email_messages where alarm_id = ${alarmId} and kind = 'alarm'`,
    )
  )[0]?.n ?? 0;
const minutesAgo = (m: number) => new Date(NOW - m * 60_000);

describe('chattering', () => {
  it('the third raise of one condition within an hour marks it chattering and is not emailed again within the hour', async () => {
    // Demo controller 3 (FreshMart #104): critical case temperature on one point, raised three times.
    const raises = await seedAlarms(
      t.database.db,
      [40, 20, 0].map((m, i) => ({
        controller: 3,
        type: 'CASE_HIGH_TEMP',
        severity: 'critical' as const,
        subject: 'A.CASE4',
        status: i < 2 ? ('cleared' as const) : ('active' as const),
        raisedAt: minutesAgo(m),
      })),
    );
    await raise(raises);
    const counts = await Promise.all(raises.map((a) => emailsOf(a.id)));
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[1]).toBe(counts[0]);
    expect(counts[2]).toBe(0);
    const [third] = await query<{ chattering: boolean }>(
      t.database.db,
      sql`select chattering from alarms where id = ${raises[2]?.id}`,
    );
    expect(third?.chattering).toBe(true);
  });
});

describe('floods', () => {
  let token: string;
  let other: string;
  beforeAll(async () => {
    token = await login(t.app, 'manager@example.com');
    await addOutsider(t.database.db, 'vv@example.com');
    other = await login(t.app, 'vv@example.com');
  });

  it('more than 10 alarms at a store in 10 minutes: one summary email, then none per alarm, one when it ends', async () => {
    // Demo controller 1 is FreshMart #102: a power cut raises twelve alarms in five minutes.
    const alarms = await seedAlarms(
      t.database.db,
      Array.from({ length: 12 }, (_, k) => ({
        controller: 1,
        type: 'SENSOR_FAILURE',
        severity: 'critical' as const,
        subject: `A.CASE${k}`,
        raisedAt: minutesAgo(5 - k * 0.4),
      })),
    );
    await raise(alarms);
    const counts = await Promise.all(alarms.map((a) => emailsOf(a.id)));
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts.slice(0, 10)).toEqual(Array(10).fill(counts[0]));
    expect(counts.slice(10)).toEqual([0, 0]);
    // Paging too: the alarm that started the flood pages for the store, the chains before it ended.
    const paging = await query<{ alarm_id: number }>(
      t.database.db,
      sql`select alarm_id from alarm_escalations where next_at is not null
          and alarm_id = any(${`{${alarms.map((a) => a.id).join(',')}}`}::int[])`,
    );
    expect(paging.map((r) => Number(r.alarm_id))).toEqual([alarms[10]?.id]);
    const starts = await query<{ to_address: string; subject: string; text: string }>(
      t.database.db,
      sql`select to_address, subject, text from email_messages where kind = 'flood_start'`,
    );
    expect(starts.length).toBe(counts[0]);
    expect(starts.map((e) => e.subject).join('\n')).toMatch(/FreshMart #102|Avalancha/);
    // The summary lists every alarm of the 10 minutes.
    expect(starts[0]?.text).toContain(`#${alarms[10]?.ref}`);

    const floods = await t.app.inject({ method: 'GET', url: '/api/alarms/floods', headers: headers(token) });
    expect(floods.json().data).toEqual([
      expect.objectContaining({
        location: expect.objectContaining({ name: expect.stringContaining('#102') }),
        alarm_count: 12,
      }),
    ]);
    const elsewhere = await t.app.inject({ method: 'GET', url: '/api/alarms/floods', headers: headers(other) });
    expect(elsewhere.json().data).toEqual([]);

    // Still within 10 minutes of the raises: the flood goes on.
    expect(await endFloods(t.database.db, { ...deps(), now: new Date(NOW) })).toBe(0);
    expect(await endFloods(t.database.db, { ...deps(), now: new Date(NOW + 11 * 60_000) })).toBe(1);
    const ends = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from email_messages where kind = 'flood_end'`,
    );
    expect(ends[0]?.n).toBe(counts[0]);
    const after = await t.app.inject({ method: 'GET', url: '/api/alarms/floods', headers: headers(token) });
    expect(after.json().data).toEqual([]);
  });
});
