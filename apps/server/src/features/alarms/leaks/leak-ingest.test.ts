import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { query, toDate } from '../../../lib/sql.ts';
import { demoDeviceKey } from '../../../seed/demo.ts';
import { connectDevice, type TestDevice, telemetry } from '../../../test/device.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';

const MAC = '02:52:43:00:10:02';
let server: TestServer;
let device: TestDevice;

beforeAll(async () => {
  server = await createTestServer();
  device = await connectDevice(server.mqttPort ?? 0, MAC, demoDeviceKey(MAC));
});
afterAll(async () => {
  await device?.end();
  await server?.stop();
});

const leakAlarms = () =>
  query<{ status: string; raised_at: unknown; reason: string; reason_es: string; value: number }>(
    server.database.db,
    sql`select a.status, a.raised_at, a.reason, a.reason_es, a.value from alarms a
        join alarm_types t on t.id = a.alarm_type_id join controllers c on c.id = a.controller_id
        where c.mac_address = ${MAC} and t.code = 'REFRIGERANT_LEAK_SUSPECTED'`,
  );

it('a controller uploading two buffered days of a falling level raises the leak alarm at the readings’ own time', async () => {
  const now = Date.now();
  const start = now - 2 * 86_400_000;
  // 5 %-points a day, ±2 of noise, a reading every 10 minutes, sent as one backlog after an outage:
  // published back to back (in order, as a controller drains its buffer), acknowledged in batches.
  const backlog: Promise<unknown>[] = [];
  for (let at = start; at < now; at += 600_000) {
    const level = 70 - ((at - start) / 86_400_000) * 5 + (((at / 600_000) % 5) - 2);
    backlog.push(device.publish('telemetry', telemetry(new Date(at), { liquid_level: level })));
  }
  await Promise.all(backlog);
  const [alarm] = await leakAlarms();
  expect(alarm?.status).toBe('active');
  expect(alarm?.reason).toMatch(/Rack A liquid level falling [45](\.\d)? %-points per day/);
  expect(alarm?.reason_es).toMatch(/nivel de líquido bajando/);
  // Raised at a reading's time within the backlog, not when it arrived.
  expect(toDate(alarm?.raised_at).getTime()).toBeLessThan(now - 3_600_000);
  // The level holds from now on: the trend stops and the alarm clears.
  const steady: Promise<unknown>[] = [];
  for (let at = now; at < now + 86_400_000; at += 1_800_000) {
    steady.push(device.publish('telemetry', telemetry(new Date(at), { liquid_level: 60 })));
  }
  await Promise.all(steady);
  expect((await leakAlarms()).map((a) => a.status)).toEqual(['cleared']);
});
