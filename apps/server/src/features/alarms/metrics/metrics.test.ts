import type { AlarmMetrics } from '@rcm/shared/alarms';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededAlarm, seedAlarms } from '../../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../../test/app.ts';
import { DAY, HOUR, headers } from '../../../test/helpers.ts';

let t: TestApp;
let token: string;
let caseAlarm: SeededAlarm;
let metricAlarm: SeededAlarm;
let offlineAlarm: SeededAlarm;

/** Raw readings: one a second for two hours from T0; value = (second % 100) + the key's offset. */
const T0 = Date.parse('2026-11-20T00:00:00Z');
const RAW_SECONDS = 7200;
/**
 * Hourly rollups: 400 days from D0; average = (hour % 24) + the key's offset, over 1 + (hour % 7) * 10
 * readings, so merged hours must be weighted by their counts.
 */
const D0 = Date.parse('2025-01-01T00:00:00Z');
const HOURS = 400 * 24;
const OFFSETS: Record<string, number> = {
  'A:superheat': 0,
  'A:liquid_level': 1000,
  'A:oil_pressure': 2000,
  'A.CASE1': 3000,
};
const KEYS = Object.keys(OFFSETS);

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'technician@example.com');
  [caseAlarm, metricAlarm, offlineAlarm] = (await seedAlarms(t.database.db, [
    { controller: 3, type: 'CASE_HIGH_TEMP', subject: 'A.CASE1', rackRef: 'A' },
    { controller: 3, type: 'LOW_SUPERHEAT', subject: 'B:superheat', rackRef: 'B' },
    { controller: 3, type: 'CONTROLLER_OFFLINE', subject: 'controller', rackRef: null },
  ])) as [SeededAlarm, SeededAlarm, SeededAlarm];
  const id = caseAlarm.controllerId;
  const other = (await seedAlarms(t.database.db, [{ controller: 4 }]))[0]?.controllerId ?? 0;
  const keys = sql.raw(KEYS.map((k) => `('${k}', ${OFFSETS[k]})`).join(', '));
  const db = t.database.db;
  await db.execute(sql`insert into readings (controller_id, key, ts, value)
    select ${id}, k.key, ${new Date(T0).toISOString()}::timestamptz + s * interval '1 second', (s % 100) + k.off
    from generate_series(0, ${RAW_SECONDS - 1}) s, (values ${keys}) k(key, off)`);
  // Noise that must never show: another controller, another rack's key, just outside the range.
  await db.execute(sql`insert into readings (controller_id, key, ts, value) values
    (${other}, 'A:superheat', ${new Date(T0 + 5000).toISOString()}::timestamptz, 99999),
    (${id}, 'C:superheat', ${new Date(T0 + 5000).toISOString()}::timestamptz, 99999),
    (${id}, 'A:superheat', ${new Date(T0 - 1).toISOString()}::timestamptz, 99999),
    (${id}, 'A:superheat', ${new Date(T0 + RAW_SECONDS * 1000).toISOString()}::timestamptz, 99999)`);
  await db.execute(sql`insert into readings_hourly (controller_id, key, bucket, min, max, sum, count)
    select ${id}, k.key, ${new Date(D0).toISOString()}::timestamptz + h * interval '1 hour', 0, 0,
      ((h % 24) + k.off) * (1 + (h % 7) * 10), 1 + (h % 7) * 10
    from generate_series(0, ${HOURS - 1}) h, (values ${keys}) k(key, off)`);
  await db.execute(sql`insert into rack_points (controller_id, addr, rack_ref, name, unit, status, value, updated_at)
    values (${id}, 'A.CASE1', 'A', 'Case 1', '°F', 'ok', 35, now())`);
  await db.execute(sql`insert into racks (controller_id, ref, name, updated_at)
    values (${id}, 'A', 'Rack A', now()), (${id}, 'B', 'Rack B', now())`);
});
afterAll(() => t?.close());

const iso = (ms: number) => new Date(ms).toISOString();
const metrics = (ref: number, from: number | string, to: number | string, locale?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/alarms/${ref}/metrics?from=${typeof from === 'number' ? iso(from) : from}&to=${typeof to === 'number' ? iso(to) : to}`,
    headers: headers(token, locale),
  });

/** Expected points: samples grouped by floor(offset / bucket), stamped with the first, averaged by weight. */
function buckets(
  samples: { at: number; value: number; weight?: number }[],
  origin: number,
  bucketMs: number,
): [string, number][] {
  const groups = new Map<number, { at: number; sum: number; n: number }>();
  for (const s of samples) {
    const idx = Math.floor((((s.at - origin) / 1000) * 1000) / bucketMs);
    const g = groups.get(idx) ?? { at: s.at, sum: 0, n: 0 };
    const weight = s.weight ?? 1;
    groups.set(idx, { at: Math.min(g.at, s.at), sum: g.sum + s.value * weight, n: g.n + weight });
  }
  return [...groups.values()].map((g) => [iso(g.at), g.sum / g.n]);
}

function expectSeries(actual: [string, number][], expected: [string, number][]) {
  expect(actual.map((p) => p[0])).toEqual(expected.map((p) => p[0]));
  for (const [i, p] of actual.entries()) expect(p[1]).toBeCloseTo(expected[i]?.[1] ?? Number.NaN, 9);
}

describe('GET /api/alarms/:ref/metrics', () => {
  it('reads raw readings up to 48 hours, averaged into at most 1000 buckets', async () => {
    const res = await metrics(caseAlarm.ref, T0, T0 + 2 * HOUR);
    expect(res.statusCode).toBe(200);
    const body: AlarmMetrics = res.json().data;
    expect(body.resolution).toBe('raw');
    expect(body.series.map((s) => [s.key, s.unit, s.name])).toEqual([
      ['A:superheat', 'K', null],
      ['A:liquid_level', '%', null],
      ['A:oil_pressure', 'psi', null],
      // The alarm's point with its name: its chart is titled with it.
      ['A.CASE1', '°F', 'Case 1'],
    ]);
    for (const s of body.series) {
      // 7200 readings into buckets of 7.2 s: exactly 1000 points, each the mean of its seconds.
      expect(s.points).toHaveLength(1000);
      const samples = Array.from({ length: RAW_SECONDS }, (_, sec) => ({
        at: T0 + sec * 1000,
        value: (sec % 100) + (OFFSETS[s.key] ?? 0),
      }));
      expectSeries(s.points, buckets(samples, T0, (2 * HOUR) / 1000));
    }
  });

  it('gives every reading its own point when there are fewer than the bound', async () => {
    const res = await metrics(caseAlarm.ref, T0 + 100_000, T0 + 400_000);
    const superheat = res.json().data.series[0];
    expect(superheat.points).toEqual(
      Array.from({ length: 300 }, (_, i) => [iso(T0 + 100_000 + i * 1000), (100 + i) % 100]),
    );
  });

  it('reads hourly rollups beyond 48 hours (average = sum / count)', async () => {
    const from = D0 + 30 * 60_000;
    const res = await metrics(caseAlarm.ref, from, from + 10 * DAY);
    const body: AlarmMetrics = res.json().data;
    expect(body.resolution).toBe('hour');
    // The hour holding `from` and every hour starting before `to`.
    const expected = Array.from({ length: 241 }, (_, h): [string, number] => [iso(D0 + h * HOUR), (h % 24) + 2000]);
    expect(body.series.find((s) => s.key === 'A:oil_pressure')?.points).toEqual(expected);
  });

  it('merges hourly rollups to stay within 1000 points over 400 days', async () => {
    const res = await metrics(caseAlarm.ref, D0, D0 + 400 * DAY);
    const body: AlarmMetrics = res.json().data;
    expect(body.resolution).toBe('hour');
    const series = body.series.find((s) => s.key === 'A.CASE1');
    expect(series?.points).toHaveLength(1000);
    const samples = Array.from({ length: HOURS }, (_, h) => ({
      at: D0 + h * HOUR,
      value: (h % 24) + 3000,
      weight: 1 + (h % 7) * 10,
    }));
    expectSeries(series?.points ?? [], buckets(samples, D0, (400 * DAY) / 1000));
  });

  it('switches to hourly just past 48 hours', async () => {
    expect((await metrics(caseAlarm.ref, T0, T0 + 48 * HOUR)).json().data.resolution).toBe('raw');
    expect((await metrics(caseAlarm.ref, T0, T0 + 48 * HOUR + 1)).json().data.resolution).toBe('hour');
  });

  it("charts a metric alarm's rack, and every rack for an alarm about no rack", async () => {
    const rackB = (await metrics(metricAlarm.ref, T0, T0 + HOUR)).json().data.series;
    expect(rackB.map((s: { key: string }) => s.key)).toEqual(['B:superheat', 'B:liquid_level', 'B:oil_pressure']);
    expect(rackB.every((s: { points: unknown[] }) => s.points.length === 0)).toBe(true);
    const all = (await metrics(offlineAlarm.ref, T0, T0 + HOUR)).json().data.series;
    expect(all.map((s: { key: string }) => s.key)).toEqual([
      'A:superheat',
      'A:liquid_level',
      'A:oil_pressure',
      'B:superheat',
      'B:liquid_level',
      'B:oil_pressure',
    ]);
    expect(all[0].points).toHaveLength(1000);
  });

  it('refuses a range over 400 days with a localized 422', async () => {
    const res = await metrics(caseAlarm.ref, D0, D0 + 400 * DAY + 1, 'es-MX');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: 'validation_failed',
      message: 'Algunos campos no son válidos.',
      details: { fields: [{ field: 'to', message: 'El rango puede ser de 400 días como máximo.' }] },
    });
    const en = await metrics(caseAlarm.ref, D0, D0 + 401 * DAY);
    expect(en.json().error.details.fields[0].message).toBe('The range can be at most 400 days.');
  });

  it('refuses a range that ends before it starts, or is not a range', async () => {
    const backwards = await metrics(caseAlarm.ref, T0 + HOUR, T0, 'es-MX');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().error.details.fields).toEqual([
      { field: 'to', message: 'El final debe ser posterior al inicio.' },
    ]);
    for (const [from, to] of [
      ['yesterday', iso(T0)],
      [iso(T0), ''],
    ]) {
      expect((await metrics(caseAlarm.ref, from ?? '', to ?? '')).statusCode).toBe(422);
    }
  });
});
