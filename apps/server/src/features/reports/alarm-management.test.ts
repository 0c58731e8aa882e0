import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOutsider, seedAlarms } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';
import { readPdf } from '../../test/pdf.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const DAY = '2026-10-05';
const at = (hhmm: string) => new Date(`${DAY}T${hhmm}:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-10-06T12:00:00Z');
  await addOutsider(t.database.db, 'vv@example.com');
  for (const who of ['manager', 'viewer']) tokens[who] = await login(t.app, `${who}@example.com`);
  tokens.other = await login(t.app, 'vv@example.com');
  // FreshMart #101 (controller 0): a flood of 12 alarms between 10:00 and 10:06, one of them chattering;
  // FreshMart #102 (controller 1): 2 alarms, one acknowledged after 5 minutes, and one raised the day
  // before and still active (standing: 28 hours by the end of the range).
  const flood = Array.from({ length: 12 }, (_, k) => ({
    controller: 0,
    type: 'SENSOR_FAILURE',
    subject: k < 4 ? 'A.CASE1' : `A.CASE${k}`,
    status: 'cleared' as const,
    raisedAt: new Date(at('10:00').getTime() + k * 30_000),
  }));
  const quiet = [
    {
      controller: 1,
      type: 'LOW_SUPERHEAT',
      subject: 'A:superheat',
      status: 'acknowledged' as const,
      raisedAt: at('03:00'),
      acknowledgedAt: at('03:05'),
    },
    {
      controller: 1,
      type: 'LOW_SUPERHEAT',
      status: 'acknowledged' as const,
      raisedAt: at('04:00'),
      acknowledgedAt: at('05:00'),
    },
    { controller: 1, type: 'CASE_HIGH_TEMP', status: 'active' as const, raisedAt: new Date('2026-10-04T20:00:00Z') },
  ];
  const seeded = await seedAlarms(t.database.db, [...flood, ...quiet]);
  const chatter = seeded.filter((a) => a.subject === 'A.CASE1').map((a) => a.id);
  await t.database.db.execute(
    sql`update alarms set chattering = true where id = any(${`{${chatter.join(',')}}`}::int[])`,
  );
  // The device's name for the chattering point (the report names points by it).
  const case1 = seeded.find((a) => a.subject === 'A.CASE1');
  await t.database.db.execute(
    sql`insert into rack_points (controller_id, addr, rack_ref, name, status, updated_at)
        values (${case1?.controllerId}, 'A.CASE1', 'A', 'Dairy case 1', 'ok', now())
        on conflict (controller_id, addr) do update set name = excluded.name`,
  );
  // A suppressed alarm: counted apart, not in the rates.
  await seedAlarms(t.database.db, [{ controller: 0, status: 'cleared', raisedAt: at('02:30'), suppressed: true }]);
});
afterAll(() => t?.close());

const get = (who: string, query: string, locale?: string) =>
  t.app.inject({ method: 'GET', url: `/api/reports/alarm_management?${query}`, headers: headers(tokens[who], locale) });

describe('the alarm-management report', () => {
  it('measures load, floods, bad actors, chattering and standing alarms, per location and overall', async () => {
    const res = await get('manager', `from=${DAY}&to=${DAY}`);
    expect(res.statusCode).toBe(200);
    const r = res.json().data;
    expect(r.overall).toMatchObject({
      alarms: 14,
      per_hour: 0.58,
      per_day: 14,
      peak_10min: 12,
      chattering: 1,
      suppressed_alarms: 1,
      standing: 1,
      acknowledged_10min_percent: 7.1,
    });
    // One 10-minute period in flood of the day's 144.
    expect(r.overall.flood_percent).toBe(0.69);
    expect(r.overall.flood_periods).toBe(1);
    // The top 10 conditions: A.CASE1 (4) and nine single alarms, 13 of 14 (11 distinct alarms).
    expect(r.overall.top10_percent).toBe(92.9);
    // Each location has 10 or fewer distinct alarms: the top-10 method does not apply (not "100 %").
    expect(r.locations.map((l: { top10_percent: number | null }) => l.top10_percent)).toEqual([null, null]);
    // The point in words: the device's name for it, else its address; a rack metric by name.
    expect(r.bad_actors[0]).toMatchObject({
      subject: 'A.CASE1',
      point: 'Dairy case 1',
      point_es: 'Dairy case 1',
      count: 4,
      share_percent: 28.6,
    });
    const superheat = r.bad_actors.find((c: { subject: string }) => c.subject === 'A:superheat');
    expect(superheat).toMatchObject({ point: 'Rack A superheat', point_es: 'Rack A sobrecalentamiento' });
    expect(r.chattering.map((c: { subject: string }) => c.subject)).toEqual(['A.CASE1']);
    expect(r.standing[0]).toMatchObject({ alarm_type: { code: 'CASE_HIGH_TEMP' }, open: true });
    expect(r.locations.map((l: { alarms: number }) => l.alarms)).toEqual([12, 2]);
    expect(r.hourly).toHaveLength(24);
    expect(r.hourly[10]).toEqual({ hour: `${DAY}T10:00:00.000Z`, alarms: 12, peak_10min: 12 });
  });

  it('sees a burst whole when it straddles two 10-minute periods', async () => {
    // 12 alarms at FreshMart #103 from 14:07 to 14:12:30 (periods start on the tens).
    await seedAlarms(
      t.database.db,
      Array.from({ length: 12 }, (_, k) => ({
        controller: 2,
        type: 'SENSOR_FAILURE',
        subject: `B.CASE${k}`,
        status: 'cleared' as const,
        raisedAt: new Date(Date.parse('2026-10-03T14:07:00Z') + k * 30_000),
      })),
    );
    const r = (await get('manager', 'from=2026-10-03&to=2026-10-03')).json().data;
    expect(r.overall).toMatchObject({ alarms: 12, peak_10min: 12 });
    expect(r.overall.flood_percent).toBeGreaterThan(0);
  });

  it('counts a flood at one location only: alarms at two locations in the same 10 minutes are not one', async () => {
    // 6 alarms at FreshMart #101 and 6 at #102 between 09:00 and 09:03: 12 in 10 minutes, at two places.
    await seedAlarms(
      t.database.db,
      Array.from({ length: 12 }, (_, k) => ({
        controller: k % 2,
        type: 'SENSOR_FAILURE',
        subject: `C.CASE${k}`,
        status: 'cleared' as const,
        raisedAt: new Date(Date.parse('2026-10-02T09:00:00Z') + k * 15_000),
      })),
    );
    const r = (await get('manager', 'from=2026-10-02&to=2026-10-02')).json().data;
    // The busiest 10 minutes overall are the busiest location's, so they agree with the time in flood.
    expect(r.overall).toMatchObject({ alarms: 12, peak_10min: 6, flood_percent: 0, flood_periods: 0 });
    expect(r.hourly[9]).toMatchObject({ alarms: 12, peak_10min: 6 });
  });

  it("the chart's busiest 10 minutes of an hour never hold more than the hour's alarms", async () => {
    // 12 alarms at FreshMart #103 from 14:55 to 15:00:30: 10 in the hour of 14:00, 2 in the next.
    await seedAlarms(
      t.database.db,
      Array.from({ length: 12 }, (_, k) => ({
        controller: 2,
        type: 'SENSOR_FAILURE',
        subject: `D.CASE${k}`,
        status: 'cleared' as const,
        raisedAt: new Date(Date.parse('2026-10-01T14:55:00Z') + k * 30_000),
      })),
    );
    const r = (await get('manager', 'from=2026-10-01&to=2026-10-01')).json().data;
    expect(r.overall).toMatchObject({ alarms: 12, peak_10min: 12, flood_periods: 1 });
    expect(r.hourly[14]).toMatchObject({ alarms: 10, peak_10min: 10 });
    expect(r.hourly[15]).toMatchObject({ alarms: 2, peak_10min: 2 });
    for (const h of r.hourly as { alarms: number; peak_10min: number }[])
      expect(h.peak_10min).toBeLessThanOrEqual(h.alarms);
  });

  it('keeps to the caller’s scope and permission, and refuses bad ranges', async () => {
    const other = (await get('other', `from=${DAY}&to=${DAY}`)).json().data;
    expect(other.overall.alarms).toBe(0);
    expect(other.bad_actors).toEqual([]);
    expect((await get('viewer', `from=${DAY}&to=${DAY}`)).statusCode).toBe(403);
    expect((await get('manager', `from=${DAY}&to=2026-10-01`)).statusCode).toBe(422);
    expect((await get('manager', 'from=2025-01-01&to=2026-10-01')).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: `/api/reports/alarm_management?from=x` })).statusCode).toBe(401);
  });

  it('exports CSV (a row per location and all) and a PDF, in Spanish too', async () => {
    const csv = await get('manager', `from=${DAY}&to=${DAY}&format=csv&lang=es-MX`, 'es-MX');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toMatch(/^Ubicación,Alarmas,Por hora/);
    expect(lines[1]).toMatch(/^Todas las ubicaciones,14,0.58,12/);
    expect(lines).toHaveLength(4);
    const pdf = await get('manager', `from=${DAY}&to=${DAY}&format=pdf&lang=en-US`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Figures of several locations together are shown, not judged; "1 alarm", not "1 alarms".
    const text = (await readPdf(pdf.rawPayload)).pages.join('\n');
    expect(text).toMatch(/0\.58 \(judged per location\)/);
    expect(text).toMatch(/0\.69 % \(1 period of 10\s+minutes\) \(judged per\s+location\)/);
    expect(text).toMatch(/\b1 alarm, 0 hours/);
  });
});
