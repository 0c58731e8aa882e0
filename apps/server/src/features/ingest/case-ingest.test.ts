import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { demoDeviceKey } from '../../seed/demo.ts';
import { login } from '../../test/app.ts';
import { connectDevice, type TestDevice } from '../../test/device.ts';
import { headers } from '../../test/helpers.ts';
import { createTestServer, type TestServer } from '../../test/server.ts';

// A seeded controller of FreshMart #103.
const MAC = '02:52:43:00:10:02';

let server: TestServer;
let device: TestDevice;
let seq = 0;

beforeAll(async () => {
  server = await createTestServer();
  await server.database.db.execute(
    sql`update alarm_types set defrost_recovery_minutes = 30, product_probe_minutes = 20 where code = 'CASE_HIGH_TEMP'`,
  );
  device = await connectDevice(server.mqttPort ?? 0, MAC, demoDeviceKey(MAC));
});
afterAll(async () => {
  await device?.end();
  await server?.stop();
});

/** One snapshot of rack A: a case point (air, status) and a compressor (running or off). */
function snapshot(at: Date, air: number, status: 'ok' | 'defrost' | 'door_open', compressorOn = true) {
  seq += 1;
  return {
    msg_id: `case-${seq}`,
    ts: at.toISOString(),
    racks: [
      {
        ref: 'A',
        name: 'Rack A',
        points: [
          { addr: 'A.CASE1', name: 'Case 1 Temperature', value: air, unit: '°F', set_point: 35, status },
          { addr: 'A.COMP1', name: 'Compressor 1', value: compressorOn ? 1 : 0, status: compressorOn ? 'ok' : 'off' },
        ],
      },
    ],
  };
}

const alarms = (code: string) =>
  query<{ status: string; value: number | null; reason: string; reason_es: string }>(
    server.database.db,
    sql`select a.status, a.value, a.reason, a.reason_es from alarms a join controllers c on c.id = a.controller_id
        join alarm_types t on t.id = a.alarm_type_id where c.mac_address = ${MAC} and t.code = ${code} order by a.id`,
  );

const events = () =>
  query<{ kind: string; started_at: string; ended_at: string | null }>(
    server.database.db,
    sql`select e.kind, e.started_at::text, e.ended_at::text from case_events e join controllers c on c.id = e.controller_id
        where c.mac_address = ${MAC} order by e.started_at, e.kind`,
  );

describe('case rules on the ingest path', () => {
  // A past hour, a reading a minute (the engine judges at the readings' own times).
  const t0 = Date.parse('2026-11-20T08:00:00Z');
  const at = (m: number) => new Date(t0 + m * 60_000);

  it('holds the temperature alarm through a defrost and its recovery, stores product temperatures and the defrost period', async () => {
    for (let m = 0; m < 5; m++) await device.publish('telemetry', snapshot(at(m), 35, 'ok'));
    for (let m = 5; m < 35; m++) await device.publish('telemetry', snapshot(at(m), 50, 'defrost'));
    for (let m = 35; m < 55; m++) await device.publish('telemetry', snapshot(at(m), 45 - (m - 35) / 2, 'ok'));
    expect(await alarms('CASE_HIGH_TEMP')).toEqual([]);
    expect(await events()).toContainEqual({
      kind: 'defrost',
      started_at: '2026-11-20 08:05:00+00',
      ended_at: '2026-11-20 08:35:00+00',
    });
    // The air rule alone would have raised at 08:10; the air was back at 40 °F at 08:45.
    expect((await events()).filter((e) => e.kind.startsWith('held_'))).toEqual([
      { kind: 'held_defrost', started_at: '2026-11-20 08:10:00+00', ended_at: '2026-11-20 08:45:00+00' },
    ]);
    const [reading] = await query<{ value: number; product_value: number }>(
      server.database.db,
      sql`select r.value, r.product_value from readings r join controllers c on c.id = r.controller_id
          where c.mac_address = ${MAC} and r.key = 'A.CASE1' and r.ts = ${at(34).toISOString()}::timestamptz`,
    );
    // 30 minutes toward 50 °F from 35 °F with a 20-minute time constant.
    expect(reading?.value).toBe(50);
    expect(reading?.product_value).toBeCloseTo(50 - 15 * Math.exp(-30 / 20), 1);
    // Other keys (the compressor) carry none.
    const [comp] = await query<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from readings r join controllers c on c.id = r.controller_id
          where c.mac_address = ${MAC} and r.key = 'A.COMP1' and r.product_value is not null`,
    );
    expect(comp?.n).toBe(0);
  });

  it('raises a real failure on the product temperature, and DEFROST_OVERRUN for a stuck defrost', async () => {
    // Back to normal for a while, then a stuck defrost of 70 minutes.
    for (let m = 55; m < 100; m++) await device.publish('telemetry', snapshot(at(m), 35, 'ok'));
    for (let m = 100; m < 170; m++) await device.publish('telemetry', snapshot(at(m), 38, 'defrost'));
    const overrun = await alarms('DEFROST_OVERRUN');
    expect(overrun).toHaveLength(1);
    expect(overrun[0]?.status).toBe('active');
    expect(overrun[0]?.reason).toMatch(/Case 1 Temperature \(A\.CASE1\) defrosting for 61 min \(limit 60 min\)/);
    expect(overrun[0]?.reason_es).toMatch(/en deshielo por 61 min/);
    await device.publish('telemetry', snapshot(at(170), 38, 'ok'));
    expect((await alarms('DEFROST_OVERRUN'))[0]?.status).toBe('cleared');
    // Then the case fails: the air goes to 50 °F and stays. It does not pull down after the defrost, so
    // the recovery hold ends 10 minutes after the defrost (not after its 30 minutes).
    for (let m = 171; m < 240; m++) await device.publish('telemetry', snapshot(at(m), 50, 'ok'));
    const high = await alarms('CASE_HIGH_TEMP');
    expect(high).toHaveLength(1);
    expect(high[0]?.reason).toMatch(/Case 1 Temperature \(product\) 4\d(\.\d)? °F above 41 °F/);
  });

  it('raises COMPRESSOR_SHORT_CYCLING when the compressor starts more than 6 times an hour', async () => {
    for (let m = 240; m < 290; m++) await device.publish('telemetry', snapshot(at(m), 35, 'ok', m % 5 < 2));
    const cycling = await alarms('COMPRESSOR_SHORT_CYCLING');
    expect(cycling).toHaveLength(1);
    expect(cycling[0]?.value).toBe(7);
    expect(cycling[0]?.reason).toMatch(/Compressor 1 \(A\.COMP1\) 7 starts in the last hour \(limit 6\)/);
  });

  it('charts the case with its product temperature and its defrosts shaded', async () => {
    const token = await login(server.app, 'technician@example.com');
    const [c] = await query<{ id: number }>(
      server.database.db,
      sql`select id from controllers where mac_address = ${MAC}`,
    );
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/controllers/${c?.id}/metrics?from=2026-11-20T08:00:00Z&to=2026-11-20T12:00:00Z`,
      headers: headers(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const series = res.json().data.series.find((s: { key: string }) => s.key === 'A.CASE1');
    expect(series.defrosts).toEqual([
      { from: '2026-11-20T08:05:00.000Z', to: '2026-11-20T08:35:00.000Z' },
      { from: '2026-11-20T09:40:00.000Z', to: '2026-11-20T10:50:00.000Z' },
    ]);
    expect(series.product.length).toBeGreaterThan(100);
    // The product lags the air: at the end of the first defrost the air is 50 °F, the product below it.
    const last = (list: [string, number][], before: string) => list.filter(([t]) => t < before).at(-1)?.[1];
    expect(last(series.points, '2026-11-20T08:34:30Z')).toBe(50);
    expect(last(series.product, '2026-11-20T08:34:30Z')).toBeLessThan(48);
  });

  it('keeps each case hour: observed, held and in-range seconds', async () => {
    const [hour] = await query<{ observed_s: number; held_s: number; in_range_s: number }>(
      server.database.db,
      sql`select h.observed_s, h.held_s, h.in_range_s from case_hours h join controllers c on c.id = h.controller_id
          where c.mac_address = ${MAC} and h.addr = 'A.CASE1' and h.bucket = '2026-11-20T08:00:00Z'`,
    );
    // 08:00–09:00 read every minute: all of it observed; the defrost (08:05–08:35) and its 30-minute
    // recovery held; the rest (08:00–08:05) in range.
    expect(hour).toEqual({ observed_s: 3600, held_s: 3300, in_range_s: 300 });
  });
});
