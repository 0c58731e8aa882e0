/**
 * npm run bench:soak -- [--minutes 10] [--devices 200] [--rate 1] [--points 10] [--sample-s 10]
 *
 * A steady load for a long time: `devices` MQTT controllers each publish `rate` telemetry messages a
 * second (`points` readings each, QoS 1) to one server process (embedded broker, PostgreSQL) for
 * `minutes`. Every `sample-s` seconds the server's own /metrics are scraped: resident memory, heap,
 * event-loop lag (mean, p99, max), readings stored. Results to bench/results/soak.md: a summary line
 * and the samples, so a leak (memory that only grows) or a stall (lag spikes) shows.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { compactMac, deviceTopic } from '@rcm/shared/device';
import mqtt, { type MqttClient } from 'mqtt';
import { countReadings, freshDatabase, keyOf, mac, seedControllers } from './lib/bench-db.ts';
import { freePort, soakServerEnv } from './lib/server.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    devices: { type: 'string', default: '200' },
    rate: { type: 'string', default: '1' },
    points: { type: 'string', default: '10' },
    'sample-s': { type: 'string', default: '10' },
  },
});
const minutes = Number(values.minutes);
const devices = Number(values.devices);
const rate = Number(values.rate);
const points = Math.max(3, Number(values.points));
const sampleMs = Number(values['sample-s']) * 1000;
const METRICS_TOKEN = 'soak-metrics-token-0123456789';

const url = await freshDatabase('rcm_bench_soak');
const [httpPort, mqttPort] = [await freePort(), await freePort()];
// The server is its own process, as in production: its memory and event loop are what is measured.
const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: path.resolve(import.meta.dirname, '..'),
  env: {
    ...process.env,
    DATABASE_URL: url,
    ...soakServerEnv(httpPort, mqttPort, METRICS_TOKEN),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve, reject) => {
  let out = '';
  server.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes('Refrigeration console on')) resolve();
  });
  server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
});
await seedControllers(url, devices);

type Sample = { rss: number; heap: number; lagMean: number; lagP99: number; lagMax: number; readings: number };

async function scrape(): Promise<Sample> {
  const res = await fetch(`http://127.0.0.1:${httpPort}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await res.text();
  const pick = (name: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
    return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : Number.NaN;
  };
  return {
    rss: pick('process_resident_memory_bytes') / 2 ** 20,
    heap: pick('nodejs_heap_size_used_bytes') / 2 ** 20,
    lagMean: pick('nodejs_eventloop_lag_mean_seconds') * 1000,
    lagP99: pick('nodejs_eventloop_lag_p99_seconds') * 1000,
    lagMax: pick('nodejs_eventloop_lag_max_seconds') * 1000,
    readings: pick('rcm_ingest_readings_total'),
  };
}

function message(n: number, i: number): string {
  return JSON.stringify({
    msg_id: `soak-${i}-${n}`,
    ts: new Date().toISOString(),
    racks: [
      {
        ref: 'A',
        metrics: { superheat: 8 + (n % 3), liquid_level: 60, oil_pressure: 30 },
        points: Array.from({ length: points - 3 }, (_, p) => ({
          addr: `A.P${p}`,
          value: 30 + ((n + p) % 10),
          unit: 'psig',
          status: 'ok',
        })),
      },
    ],
  });
}

let acked = 0;
let failed = 0;
const clients: MqttClient[] = [];
const timers: NodeJS.Timeout[] = [];
for (let i = 0; i < devices; i++) {
  const m = mac(i);
  const client = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, {
    clientId: compactMac(m),
    username: m,
    password: keyOf(i),
    reconnectPeriod: 1000,
  });
  clients.push(client);
  let n = 0;
  // Spread the devices over the second so the load is steady, not a burst per tick.
  const start = setTimeout(
    () => {
      timers.push(
        setInterval(() => {
          if (!client.connected) return;
          client.publishAsync(deviceTopic(m, 'telemetry'), message(n++, i), { qos: 1 }).then(
            () => {
              acked += 1;
            },
            () => {
              failed += 1;
            },
          );
        }, 1000 / rate),
      );
    },
    Math.floor((i / devices) * 1000),
  );
  timers.push(start);
}

const started = Date.now();
const samples: (Sample & { t: number })[] = [];
const endAt = started + minutes * 60_000;
console.log(`soak: ${devices} devices × ${rate}/s × ${points} readings for ${minutes} min`);
while (Date.now() < endAt) {
  await new Promise((r) => setTimeout(r, Math.min(sampleMs, endAt - Date.now())));
  const s = { t: Math.round((Date.now() - started) / 1000), ...(await scrape()) };
  samples.push(s);
  console.log(
    `${s.t}s rss ${s.rss.toFixed(0)} MiB heap ${s.heap.toFixed(0)} MiB lag p99 ${s.lagP99.toFixed(1)} ms readings ${s.readings}`,
  );
}
for (const t of timers) clearInterval(t);
await new Promise((r) => setTimeout(r, 2000));
await Promise.all(clients.map((c) => c.endAsync()));
const stored = await countReadings(url);
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));

const first = samples[0];
const last = samples.at(-1);
const max = (k: keyof Sample) => Math.max(...samples.map((s) => s[k]));
const fmt = (n: number | undefined, d = 0) => (n === undefined || Number.isNaN(n) ? '–' : n.toFixed(d));
const seconds = (Date.now() - started) / 1000;
const lines = [
  '# soak',
  '',
  `Recorded by \`npm run bench:soak\` on ${new Date().toISOString()}. Machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB; PostgreSQL, embedded broker, server in its own process.`,
  '',
  `Load: ${devices} devices × ${rate} msg/s × ${points} readings = ${devices * rate * points} readings/s for ${minutes} min.`,
  '',
  '| acked msgs | failed | stored msgs | stored readings | readings/s | RSS first → last (max) MiB | heap first → last (max) MiB | lag p99 max ms | lag max ms |',
  '|---|---|---|---|---|---|---|---|---|',
  `| ${acked} | ${failed} | ${stored.messages} | ${stored.readings} | ${fmt(stored.readings / seconds)} | ${fmt(first?.rss)} → ${fmt(last?.rss)} (${fmt(max('rss'))}) | ${fmt(first?.heap)} → ${fmt(last?.heap)} (${fmt(max('heap'))}) | ${fmt(max('lagP99'), 1)} | ${fmt(max('lagMax'), 1)} |`,
  '',
  '## Samples',
  '',
  '| t (s) | RSS MiB | heap MiB | lag mean ms | lag p99 ms | lag max ms | readings stored |',
  '|---|---|---|---|---|---|---|',
  ...samples.map(
    (s) =>
      `| ${s.t} | ${fmt(s.rss)} | ${fmt(s.heap)} | ${fmt(s.lagMean, 1)} | ${fmt(s.lagP99, 1)} | ${fmt(s.lagMax, 1)} | ${s.readings} |`,
  ),
  '',
];
writeFileSync(path.resolve(import.meta.dirname, 'results', 'soak.md'), lines.join('\n'));
console.log(lines.slice(6, 9).join('\n'));
process.exit(0);
