/**
 * npm run bench:sockets -- [--clients 10000] [--rounds 20] [--scratch]
 *
 * What one server process holds: it connects `--clients` socket.io clients (WebSocket, signed in as
 * the demo's administrator, so each one is in the rooms every alarm event goes to), then reads the
 * server's retained heap (after a collection) from its /metrics before and after, and fans one
 * alarm change out `--rounds` times (shelve and unshelve an active alarm through the API: one
 * `alarm.updated` each). The fan-out time of a round is from the API call's start to the moment the
 * last client received the event; p95 is over every client of every round (the time each one
 * received it).
 *
 * The server runs as production runs it (the compiled build, `lib/production-server.ts`) in its own
 * process on PostgreSQL (the demo seeded into a fresh database); the clients run in this process. On
 * one machine both share its cores, so the fan-out times include this process decoding every
 * client's frame.
 */
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ensureAlarmCatalogue } from '../apps/server/src/features/alarms/engine/catalogue.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { seedAlarms } from '../apps/server/src/test/alarms.ts';
import { freshDatabase, percentile } from './lib/bench-db.ts';
import { startProductionServer } from './lib/production-server.ts';
import { record } from './lib/report.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '20' },
    scratch: { type: 'boolean', default: false },
  },
});
const clients = Number(values.clients);
const rounds = Number(values.rounds);

const url = await freshDatabase('rcm_bench_sockets');
const database = await openDatabase({ url });
await ensureAlarmCatalogue(database.db);
await seedDemo(database.db, new Date(), { history: false });
// One active alarm, the one every round changes.
const [seeded] = await seedAlarms(database.db, [{ controller: 0, status: 'active' }]);
await database.close();

const server = await startProductionServer({ DATABASE_URL: url });
const { base } = server;

async function call(method: string, route: string, token: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${base}/api/${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return res;
}

/** The server's heap in use (bytes), from its Prometheus metrics. */
async function serverHeap(): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1] ?? Number.NaN);
}

/** The heap the server retains (after a collection). */
async function settledHeap(): Promise<number> {
  await new Promise((r) => setTimeout(r, 2_000));
  server.collect();
  await new Promise((r) => setTimeout(r, 1_000));
  return serverHeap();
}

const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@example.com', password: 'demo1234' }),
});
const token = (login.headers.get('authorization') ?? '').replace('Bearer ', '');
const ref = seeded?.ref;

const heapBefore = await settledHeap();
const sockets: Socket[] = [];
const connectStarted = performance.now();
// In waves, so the handshakes (each one checks the token) do not all queue at once.
for (let i = 0; i < clients; i += 500) {
  const wave = Array.from({ length: Math.min(500, clients - i) }, () =>
    io(base, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false }),
  );
  await Promise.all(
    wave.map(
      (s) =>
        new Promise<void>((resolve, reject) => {
          s.once('connect', () => resolve());
          s.once('connect_error', reject);
        }),
    ),
  );
  sockets.push(...wave);
}
const connectSeconds = (performance.now() - connectStarted) / 1000;
const heapAfter = await settledHeap();
const perClientKiB = (heapAfter - heapBefore) / clients / 1024;

const received: number[] = [];
const lastOfRound: number[] = [];
for (let round = 0; round < rounds; round++) {
  const times: number[] = [];
  const all = Promise.all(
    sockets.map(
      (s) =>
        new Promise<void>((resolve) => {
          s.once('alarm.updated', () => {
            times.push(performance.now());
            resolve();
          });
        }),
    ),
  );
  const started = performance.now();
  await call(
    'POST',
    `alarms/${ref}/${round % 2 === 0 ? 'shelve' : 'unshelve'}`,
    token,
    round % 2 === 0 ? { minutes: 60, reason: 'bench' } : undefined,
  );
  await all;
  for (const t of times) received.push(t - started);
  lastOfRound.push(Math.max(...times) - started);
  await new Promise((r) => setTimeout(r, 200));
}
received.sort((a, b) => a - b);
lastOfRound.sort((a, b) => a - b);

const row = [
  new Date().toISOString().slice(0, 16).replace('T', ' '),
  clients,
  connectSeconds.toFixed(1),
  (heapBefore / 2 ** 20).toFixed(0),
  (heapAfter / 2 ** 20).toFixed(0),
  perClientKiB.toFixed(1),
  percentile(received, 50).toFixed(0),
  percentile(received, 95).toFixed(0),
  percentile(lastOfRound, 50).toFixed(0),
  (lastOfRound.at(-1) ?? 0).toFixed(0),
  `npm run bench:sockets -- --clients ${clients} --rounds ${rounds}`,
];
const header = [
  'when (UTC)',
  'clients',
  'connect s',
  'heap before MiB',
  'heap after MiB',
  'KiB per client',
  'fan-out p50 ms',
  'fan-out p95 ms',
  'last client p50 ms',
  'last client max ms',
  'command',
];
console.table(Object.fromEntries(header.map((h, i) => [h, row[i]])));
if (!values.scratch) record('sockets', header, row);

for (const s of sockets) s.close();
server.stop();
process.exit(0);
