/**
 * npm run bench:dashboard -- [--events 50] [--seconds 30]
 *
 * Is the dashboard smooth while alarms stream in? A technician's dashboard is open in Chromium
 * (the built SPA, served by the real server on PostgreSQL with a year of demo history) while devices
 * raise and clear "rack manually on" alarms at `events` alarm events a second. Measured in the page:
 * frame intervals (requestAnimationFrame), long tasks (PerformanceObserver), and the list requests
 * the live updates cause; outside it, the alarm events the socket actually delivered.
 * Needs `npm run build` first and Debian's chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { deviceTopic } from '@rcm/shared/device';
import mqtt from 'mqtt';
import { chromium } from 'playwright-core';
import { io } from 'socket.io-client';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ensureAlarmCatalogue } from '../apps/server/src/features/alarms/engine/catalogue.ts';
import { demoDeviceKey, seedDemo } from '../apps/server/src/seed/demo.ts';
import { startServer } from '../apps/server/src/server.ts';
import { freshDatabase, percentile } from './lib/bench-db.ts';
import { record } from './lib/report.ts';
import { benchServerConfig } from './lib/server.ts';

const { values } = parseArgs({
  options: { events: { type: 'string', default: '50' }, seconds: { type: 'string', default: '30' } },
});
const eventsPerSecond = Number(values.events);
const seconds = Number(values.seconds);
const dist = process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('bench:dashboard needs the built console: run `npm run build` first');
  process.exit(2);
}

const url = await freshDatabase('rcm_bench_dashboard');
const database = await openDatabase({ url });
await ensureAlarmCatalogue(database.db);
await seedDemo(database.db, new Date());
const config = benchServerConfig(url, dist);
const server = await startServer({ config, database, scheduler: false });
const broker = `mqtt://127.0.0.1:${server.mqttPort}`;

const login = await fetch(`${server.url}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'technician@example.com', password: 'demo1234', remember: true }),
});
const token = (login.headers.get('authorization') ?? '').replace('Bearer ', '');

// A socket of our own counts the alarm events the server actually delivered.
let delivered = 0;
const socket = io(server.url, { auth: { token }, transports: ['websocket'] });
socket.on('alarm.raised', () => delivered++);
socket.on('alarm.updated', () => delivered++);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
let listRequests = 0;
page.on('request', (r) => {
  if (/\/api\/alarms(\?|$)/.test(r.url())) listRequests++;
});
await page.goto(`${server.url}/user/login`);
await page.evaluate((t) => {
  localStorage.setItem('auth_token_default', t);
  localStorage.setItem('auth_stay_signed_in', 'true');
}, token);
await page.goto(`${server.url}/`);
await page.getByRole('table').first().waitFor();
// A string, not a function: tsx would wrap named functions in a helper the page does not have.
await page.evaluate(`(() => {
  window.__frames = [];
  window.__longTasks = [];
  let last = performance.now();
  const tick = (now) => {
    window.__frames.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: false });
})()`);

// Devices: each toggles a compressor point between manual_on (raises at once) and ok (auto-clears),
// so each toggle is one alarm event. Demo controllers 0..N-1, spread over the second.
const devicesNeeded = Math.min(36, Math.max(1, Math.ceil(eventsPerSecond / 2)));
const perDevicePerSecond = eventsPerSecond / devicesNeeded;
const devices = await Promise.all(
  Array.from({ length: devicesNeeded }, async (_, i) => {
    const hex = (0x1000 + i).toString(16).padStart(6, '0');
    const mac = `02:52:43:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
    const client = mqtt.connect(broker, {
      clientId: mac.replaceAll(':', ''),
      username: mac,
      password: demoDeviceKey(mac),
    });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    return { mac, client, on: false, n: 0 };
  }),
);
delivered = 0;
listRequests = 0;
const started = performance.now();
const stopAt = Date.now() + seconds * 1000;
// On a timer, not after each PUBACK: the rate must not fall when the server is busy.
await Promise.all(
  devices.map(async (d, i) => {
    await new Promise((r) => setTimeout(r, (i * 1000) / devicesNeeded / perDevicePerSecond));
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (Date.now() >= stopAt) {
          clearInterval(timer);
          resolve();
          return;
        }
        d.on = !d.on;
        d.n += 1;
        const status = d.on ? 'manual_on' : 'ok';
        d.client.publish(
          deviceTopic(d.mac, 'telemetry'),
          JSON.stringify({
            msg_id: `smooth-${d.n}`,
            ts: new Date().toISOString(),
            racks: [{ ref: 'A', metrics: {}, points: [{ addr: 'A.COMP1', name: 'Compressor 1', value: 1, status }] }],
          }),
          { qos: 1 },
        );
      }, 1000 / perDevicePerSecond);
    });
  }),
);
const elapsed = (performance.now() - started) / 1000;
await new Promise((r) => setTimeout(r, 1000));
const probe = (await page.evaluate('({ frames: window.__frames, longTasks: window.__longTasks })')) as {
  frames: number[];
  longTasks: number[];
};
await browser.close();
socket.disconnect();
for (const d of devices) await d.client.endAsync();
await server.close();
await database.close();

const frames = [...probe.frames].sort((a, b) => a - b);
const janky = probe.frames.filter((f) => f > 50).length;
const result = {
  eventsPerSecond: Math.round(delivered / elapsed),
  seconds: elapsed.toFixed(1),
  framesPerSecond: Math.round(probe.frames.length / elapsed),
  frameP50: percentile(frames, 50).toFixed(1),
  frameP95: percentile(frames, 95).toFixed(1),
  frameMax: (frames.at(-1) ?? 0).toFixed(1),
  framesOver50ms: `${((janky / Math.max(1, probe.frames.length)) * 100).toFixed(1)}%`,
  longTaskMsPerSecond: (probe.longTasks.reduce((a, b) => a + b, 0) / elapsed).toFixed(1),
  longestTask: Math.max(0, ...probe.longTasks).toFixed(0),
  listRequestsPerSecond: (listRequests / elapsed).toFixed(2),
};
console.table(result);
record(
  'dashboard',
  [
    'date',
    'alarm events/s delivered',
    's',
    'frames/s',
    'frame p50 ms',
    'frame p95 ms',
    'frame max ms',
    'frames > 50 ms',
    'long tasks ms/s',
    'longest task ms',
    'list requests/s',
  ],
  [new Date().toISOString().slice(0, 16), ...Object.values(result)],
);
process.exit(0);
