/**
 * npm run bench:alarm-latency -- [--samples 60] [--background-clients 200] [--background-inflight 1]
 *
 * A device publishes a reading that breaks a rule (a point reporting `manual_on`, which raises at
 * once) and a socket.io client of a technician waits for `alarm.raised`: that interval, measured
 * while a second process keeps a background telemetry load on the same server and PostgreSQL.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { compactMac, deviceTopic } from '@rcm/shared/device';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { io } from 'socket.io-client';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ensureAlarmCatalogue } from '../apps/server/src/features/alarms/engine/catalogue.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { startServer } from '../apps/server/src/server.ts';
import { freshDatabase, keyOf, mac, percentile, seedControllers } from './lib/bench-db.ts';
import { record } from './lib/report.ts';
import { benchServerConfig } from './lib/server.ts';

const { values } = parseArgs({
  options: {
    samples: { type: 'string', default: '60' },
    'background-clients': { type: 'string', default: '200' },
    'background-inflight': { type: 'string', default: '1' },
  },
});
const samples = Number(values.samples);
const background = Number(values['background-clients']);

const url = await freshDatabase('rcm_bench_alarms');
const database = await openDatabase({ url });
await ensureAlarmCatalogue(database.db);
await seedDemo(database.db, new Date(), { history: false });
// Background devices are bench controllers 0..N-1; the probe is controller N.
await seedControllers(url, background + 1);
const config = benchServerConfig(url);
const server = await startServer({ config, database, scheduler: false });
const broker = `mqtt://127.0.0.1:${server.mqttPort}`;

const login = await fetch(`${server.url}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'technician@example.com', password: 'demo1234' }),
});
const token = (login.headers.get('authorization') ?? '').replace('Bearer ', '');
const socket = io(server.url, { auth: { token }, transports: ['websocket'] });
await new Promise<void>((resolve) => socket.once('connect', () => resolve()));

// Background load from a second process, on devices other than the probe.
const load = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    path.join(import.meta.dirname, 'lib/publisher.ts'),
    broker,
    String(background),
    '3',
    '600',
    'device',
    String(values['background-inflight']),
  ],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
await new Promise((r) => setTimeout(r, 3000));

const probeMac = mac(background);
const device = mqtt.connect(broker, {
  clientId: compactMac(probeMac),
  username: probeMac,
  password: keyOf(background),
});
await new Promise<void>((resolve) => device.once('connect', () => resolve()));
const topic = deviceTopic(probeMac, 'telemetry');
const telemetry = (n: number, status: string) =>
  JSON.stringify({
    msg_id: `probe-${n}-${status}`,
    ts: new Date().toISOString(),
    racks: [{ ref: 'A', metrics: {}, points: [{ addr: 'A.COMP1', name: 'Compressor 1', value: 1, status }] }],
  });

/** Readings stored so far: the background rate is measured over the sampling window. */
async function storedReadings(): Promise<number> {
  const res = (await database.db.execute(sql`select count(*)::int as n from readings`)) as unknown as {
    rows: { n: number }[];
  };
  return res.rows[0]?.n ?? 0;
}
const windowStart = { at: performance.now(), readings: await storedReadings() };
const latencies: number[] = [];
for (let n = 0; n < samples; n++) {
  const raised = new Promise<void>((resolve) => {
    const onRaised = (a: { controller: { mac_address: string } }) => {
      if (a.controller.mac_address === probeMac) {
        socket.off('alarm.raised', onRaised);
        resolve();
      }
    };
    socket.on('alarm.raised', onRaised);
  });
  const started = performance.now();
  device.publish(topic, telemetry(n, 'manual_on'), { qos: 1 });
  await raised;
  latencies.push(performance.now() - started);
  // Back to normal: the alarm auto-clears, so the next fault raises a new one.
  await device.publishAsync(topic, telemetry(n, 'ok'), { qos: 1 });
  await new Promise((r) => setTimeout(r, 100));
}
const windowEnd = { at: performance.now(), readings: await storedReadings() };
load.kill('SIGKILL');
await device.endAsync();
socket.disconnect();
await server.close();
await database.close();

latencies.sort((a, b) => a - b);
const result = {
  samples,
  backgroundDevices: background,
  backgroundReadingsPerSecond: Math.round(
    (windowEnd.readings - windowStart.readings) / ((windowEnd.at - windowStart.at) / 1000),
  ),
  p50: percentile(latencies, 50).toFixed(1),
  p95: percentile(latencies, 95).toFixed(1),
  p99: percentile(latencies, 99).toFixed(1),
  max: (latencies.at(-1) ?? 0).toFixed(1),
};
console.table(result);
record(
  'alarm-latency',
  ['date', 'samples', 'background devices', 'background readings/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
  [new Date().toISOString().slice(0, 16), ...Object.values(result)],
);
process.exit(0);
