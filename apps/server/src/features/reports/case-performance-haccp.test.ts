import { demoMac } from '@rcm/shared/demo';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controllers, locations } from '../../db/schema.ts';
import { caseEvents, caseHours } from '../../db/schema-cases.ts';
import { readings, readingsHourly } from '../../db/schema-readings.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';

/**
 * One data set read by both reports: five local days (Chicago) of hourly rollups of three cases, the
 * engine's hours and periods for two of them, raw readings of the last day only (as after the raw
 * readings' retention), and hours outside the range on either side. The case performance report and
 * the HACCP log must say the same about the same hours.
 */
describe('the case performance report and the HACCP log over the same days', () => {
  let t2: TestApp;
  let token = '';
  const FROM = '2026-10-05';
  const TO = '2026-10-09';
  // Local midnight of 2026-10-04 in Chicago (CDT, UTC−5): the day before the range.
  const T0 = Date.parse('2026-10-04T05:00:00Z');
  const HOUR = 3_600_000;
  let a = { id: 0, locationId: 0 };
  let b = { id: 0, locationId: 0 };

  beforeAll(async () => {
    t2 = await createTestApp();
    t2.clock.now = new Date('2026-10-10T18:00:00Z');
    token = await login(t2.app, 'manager@example.com');
    const db = t2.database.db;
    await db.update(locations).set({ timezone: 'America/Chicago' });
    const of = async (index: number) => {
      const [c] = await db
        .select()
        .from(controllers)
        .where(eq(controllers.macAddress, demoMac(index)));
      if (!c?.locationId) throw new Error(`no demo controller ${index}`);
      return { id: c.id, locationId: c.locationId };
    };
    a = await of(0);
    b = await of(1);
    const rollups: (typeof readingsHourly.$inferInsert)[] = [];
    const hours: (typeof caseHours.$inferInsert)[] = [];
    const events: (typeof caseEvents.$inferInsert)[] = [];
    const raw: (typeof readings.$inferInsert)[] = [];
    // Six local days (the 4th to the 9th) and the first hours of the 10th.
    for (let i = 0; i < 6 * 24 + 6; i += 1) {
      const bucket = new Date(T0 + i * HOUR);
      const day = Math.floor(i / 24);
      const hour = i % 24;
      // A.CASE1: a 30-minute defrost at 06:00 (held with its recovery: 45 minutes), above the limit in
      // that hour on the 7th; a warm run on the 6th, 14:00–16:59, half of each hour above its limit.
      const warm1 = day === 2 && hour >= 14 && hour <= 16;
      const max1 = warm1 ? 44 : hour === 6 ? (day === 3 ? 42 : 40) : 38;
      // A.CASE2: above the limit from 23:00 on the 4th to 01:59 on the 5th (the range begins inside it).
      const warm2 = (day === 0 && hour === 23) || (day === 1 && hour <= 1);
      const max2 = warm2 ? 43 : 37;
      // #102's A.CASE1: rollups only (the engine never followed it), one hour above on the 8th.
      const max3 = day === 4 && hour === 12 ? 42 : 39;
      for (const [controllerId, key, max] of [
        [a.id, 'A.CASE1', max1],
        [a.id, 'A.CASE2', max2],
        [b.id, 'A.CASE1', max3],
      ] as const) {
        rollups.push({ controllerId, key, bucket, min: max - 3, max, sum: (max - 1.5) * 60, count: 60 });
        if (i >= 5 * 24) raw.push({ controllerId, key, ts: new Date(bucket.getTime() + 30 * 60_000), value: max - 1 });
      }
      const held1 = hour === 6 ? 2700 : 0;
      const out1 = warm1 ? 1800 : 0;
      hours.push({
        controllerId: a.id,
        addr: 'A.CASE1',
        rackRef: 'A',
        bucket,
        observedS: 3600,
        heldS: held1,
        inRangeS: 3600 - held1 - out1,
      });
      const held2 = hour === 10 ? 2700 : 0;
      const out2 = warm2 ? 3600 : 0;
      hours.push({
        controllerId: a.id,
        addr: 'A.CASE2',
        rackRef: 'A',
        bucket,
        observedS: 3600,
        heldS: held2,
        inRangeS: 3600 - held2 - out2,
      });
      const event = (addr: string, kind: 'defrost' | 'door_open', minutes: number) => ({
        controllerId: a.id,
        rackRef: 'A',
        addr,
        kind,
        startedAt: bucket,
        endedAt: new Date(bucket.getTime() + minutes * 60_000),
      });
      if (hour === 6) events.push(event('A.CASE1', 'defrost', 30));
      if (hour === 10) events.push(event('A.CASE2', 'defrost', 20));
      if (hour === 9 || hour === 17) events.push(event('A.CASE1', 'door_open', 4));
    }
    await db.insert(readingsHourly).values(rollups);
    for (let i = 0; i < hours.length; i += 200) await db.insert(caseHours).values(hours.slice(i, i + 200));
    await db.insert(caseEvents).values(events);
    await db.insert(readings).values(raw);
  });
  afterAll(() => t2?.close());

  const json = async (url: string) => {
    const res = await t2.app.inject({ method: 'GET', url, headers: headers(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('counts the same cases, hours logged, hours above the limit and excursions, case by case', async () => {
    const cases = (await json(`/api/reports/case_performance?from=${FROM}&to=${TO}`)).data;
    const haccp = await json(`/api/reports/haccp?from=${FROM}&to=${TO}&per_page=200`);
    const excursions = await json(`/api/reports/haccp/excursions?from=${FROM}&to=${TO}&per_page=200`);
    expect(haccp.summary).toMatchObject({ cases: 3, hours_logged: 360, hours_above: 7, excursions: 4 });
    expect(cases.overall).toMatchObject({
      cases: haccp.summary.cases,
      hours_logged: haccp.summary.hours_logged,
      hours_above_limit: haccp.summary.hours_above,
      excursions: haccp.summary.excursions,
    });
    expect(excursions.meta.total).toBe(cases.overall.excursions);
    // Case by case: the HACCP log's case-days summed are the case report's figures.
    const perCase = new Map<string, { logged: number; above: number; excursions: number }>();
    for (const row of haccp.data as {
      controller_id: number;
      point: string;
      hours: (number | null)[];
      hours_above: number;
      excursions: number;
    }[]) {
      const key = `${row.controller_id}|${row.point}`;
      const acc = perCase.get(key) ?? { logged: 0, above: 0, excursions: 0 };
      acc.logged += row.hours.filter((v) => v !== null).length;
      acc.above += row.hours_above;
      acc.excursions += row.excursions;
      perCase.set(key, acc);
    }
    expect(perCase.size).toBe(cases.cases.length);
    for (const c of cases.cases as {
      controller: { id: number };
      addr: string;
      hours_logged: number;
      hours_above_limit: number;
      excursions: number;
    }[]) {
      expect(perCase.get(`${c.controller.id}|${c.addr}`), c.addr).toEqual({
        logged: c.hours_logged,
        above: c.hours_above_limit,
        excursions: c.excursions,
      });
    }
  });

  it('its own figures cover the hours the engine observed, and say which they are', async () => {
    const r = (await json(`/api/reports/case_performance?from=${FROM}&to=${TO}`)).data;
    const find = (id: number, addr: string) =>
      r.cases.find((c: { controller: { id: number }; addr: string }) => c.controller.id === id && c.addr === addr);
    // Five local days, the day before and after left out; beyond the raw readings' last day.
    expect(r.observed).toEqual({ from: '2026-10-05T05:00:00.000Z', to: '2026-10-10T05:00:00.000Z' });
    expect(find(a.id, 'A.CASE1')).toMatchObject({
      observed_hours: 120,
      hours_logged: 120,
      // (432,000 − 13,500 held − 5,400 out) / (432,000 − 13,500)
      time_in_range_percent: 98.7,
      out_of_range_hours: 1.5,
      hours_above_limit: 4,
      // The 7th's defrost hour: above the limit, in a defrost.
      hours_above_in_defrost: 1,
      excursions: 2,
      defrosts: 5,
      defrosts_per_day: 1,
      avg_defrost_minutes: 30,
      door_openings: 10,
    });
    expect(find(a.id, 'A.CASE2')).toMatchObject({
      observed_hours: 120,
      out_of_range_hours: 2,
      time_in_range_percent: 98.3,
      hours_above_limit: 2,
      hours_above_in_defrost: 0,
      excursions: 1,
      defrosts_per_day: 1,
    });
    // Never observed by the engine: no time in range nor rates, the HACCP hours still there.
    expect(find(b.id, 'A.CASE1')).toMatchObject({
      observed_hours: 0,
      hours_logged: 120,
      time_in_range_percent: null,
      defrosts_per_day: null,
      hours_above_limit: 1,
      excursions: 1,
    });
    // Per observed day, not per day of the range: 10 defrosts over 10 observed case-days.
    expect(r.overall).toMatchObject({ observed_hours: 240, defrosts: 10, defrosts_per_day: 1 });
  });
});
