/**
 * npm run bench:embedded-soak -- [--minutes 6] [--devices 200] [--readings 100] [--sample-s 15]
 *
 * The embedded default under a heavy, steady write load: the server (PGlite on disk, its own broker)
 * runs in its own process while `devices` controllers send `readings`-reading snapshots as fast as
 * they are acknowledged (lib/lean-publisher.ts), for `minutes`. Every `sample-s` seconds: the WAL
 * directory's size, the data directory's size and the readings stored (the server's /metrics). At the
 * end the server is killed (SIGKILL) while the devices still send, started again, and timed until
 * /api/ready answers 200 (its crash recovery included); then stopped, and the database opened to
 * count what was stored against what the devices were told was stored, and to read how much WAL the
 * run wrote. Results to bench/results/embedded-soak.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { openEmbedded } from '../apps/server/src/db/pglite.ts';
import { keyOf, mac } from './lib/bench-db.ts';
import { freePort, soakServerEnv } from './lib/server.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '6' },
    devices: { type: 'string', default: '200' },
    readings: { type: 'string', default: '100' },
    'sample-s': { type: 'string', default: '15' },
  },
});
const minutes = Number(values.minutes);
const devices = Number(values.devices);
const readings = Math.max(3, Number(values.readings));
const sampleMs = Number(values['sample-s']) * 1000;
const METRICS_TOKEN = 'embedded-soak-metrics-token-0123';
const MB = 1_048_576;

function sizeOf(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0);
}

const root = mkdtempSync(path.join(os.tmpdir(), 'rcm-embedded-soak-'));
const dataDir = path.join(root, 'data');

// The controllers, written before the server owns the database (PGlite has one user at a time).
const seeding = await openDatabase({ dataDir });
const client = seeding.embedded?.client;
if (!client) throw new Error('not the embedded database');
const org = await client.query<{ id: number }>(`insert into organizations (name) values ('Soak Foods') returning id`);
const loc = await client.query<{ id: number }>(
  `insert into locations (organization_id, name) values ($1, 'Soak Store') returning id`,
  [org.rows[0]?.id],
);
await client.query(
  `insert into controllers (mac_address, name, organization_id, location_id, authorised, online, device_key_hash, last_seen_at)
   select m, 'Soak ' || m, $3, $4, true, true, h, now() from unnest($1::text[], $2::text[]) as t(m, h)`,
  [
    Array.from({ length: devices }, (_, i) => mac(i)),
    Array.from({ length: devices }, (_, i) => createHash('sha256').update(keyOf(i)).digest('hex')),
    org.rows[0]?.id,
    loc.rows[0]?.id,
  ],
);
await seeding.close();

const [httpPort, mqttPort] = [await freePort(), await freePort()];

/** Starts the server on the data directory; resolves with the process once /api/ready answers 200, and how long that took. */
async function startServerProcess(): Promise<{ server: ChildProcess; readyMs: number }> {
  const started = performance.now();
  const server = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ...soakServerEnv(httpPort, mqttPort, METRICS_TOKEN),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  server.once('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error('the server exited during start');
    const res = await fetch(`http://127.0.0.1:${httpPort}/api/ready`).catch(() => null);
    if (res?.status === 200) return { server, readyMs: performance.now() - started };
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function storedReadings(): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${httpPort}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  }).catch(() => null);
  const line = (await res?.text())?.split('\n').find((l) => l.startsWith('rcm_ingest_readings_total'));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : Number.NaN;
}

const first = await startServerProcess();
console.log(
  `server ready in ${Math.round(first.readyMs)} ms; ${devices} devices × ${readings} readings for ${minutes} min`,
);
const publisher = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    path.join(import.meta.dirname, 'lib/lean-publisher.ts'),
    `mqtt://127.0.0.1:${mqttPort}`,
    String(devices),
    String(readings),
    String(minutes * 60 + 30),
    'device',
    '1',
    '0',
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
let out = '';
publisher.stdout?.on('data', (d: Buffer) => {
  out += d.toString();
});
const published = new Promise((resolve) => publisher.on('exit', resolve));

type Sample = { t: number; walMb: number; dataMb: number; readings: number };
const samples: Sample[] = [];
const t0 = performance.now();
while (performance.now() - t0 < minutes * 60_000) {
  await new Promise((r) => setTimeout(r, sampleMs));
  const sample = {
    t: Math.round((performance.now() - t0) / 1000),
    walMb: sizeOf(path.join(dataDir, 'pg_wal')) / MB,
    dataMb: sizeOf(dataDir) / MB,
    readings: await storedReadings(),
  };
  samples.push(sample);
  console.log(sample);
}

// The crash: while the devices still send, as a power cut or the OOM killer would.
first.server.kill('SIGKILL');
await new Promise((r) => first.server.once('exit', r));
const walAtCrash = sizeOf(path.join(dataDir, 'pg_wal')) / MB;
await published;
const pub = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as { acked: number; failed: number };

const second = await startServerProcess();
console.log(`restarted after SIGKILL: ready in ${Math.round(second.readyMs)} ms`);
second.server.kill('SIGTERM');
await new Promise((r) => second.server.once('exit', r));

const db = await openEmbedded(dataDir);
const counts = await db.client.query<{ messages: number; readings: number; wal: string }>(
  `select (select count(*) from ingest_messages)::int as messages, (select count(*) from readings)::int as readings,
     pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::bigint::text as wal`,
);
await db.close();
const stored = counts.rows[0] ?? { messages: 0, readings: 0, wal: '0' };
const dataMb = sizeOf(dataDir) / MB;
rmSync(root, { recursive: true, force: true });

const walWrittenGb = Number(stored.wal) / 2 ** 30;
const walMax = Math.max(...samples.map((s) => s.walMb), walAtCrash);
const lastHalf = samples.slice(Math.floor(samples.length / 2));
const rate = (() => {
  const a = samples[0];
  const b = samples.at(-1);
  return a && b && b.t > a.t ? Math.round((b.readings - a.readings) / (b.t - a.t)) : 0;
})();
const summary = `| ${minutes} | ${devices} × ${readings} | ${rate} | ${walWrittenGb.toFixed(2)} | ${Math.round(walMax)} | ${Math.round(Math.min(...lastHalf.map((s) => s.walMb)))}–${Math.round(Math.max(...lastHalf.map((s) => s.walMb)))} | ${Math.round(walAtCrash)} | ${(second.readyMs / 1000).toFixed(1)} | ${pub.acked} | ${stored.messages} | ${Math.round(dataMb)} |`;
const report = `# embedded soak

Recorded by \`npm run bench:embedded-soak -- --minutes ${minutes} --devices ${devices} --readings ${readings}\` on ${new Date().toISOString()}.
Machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB. The embedded default: PGlite on disk (fsync on), its own broker, the
server in its own process with the default checkpoint settings (CHECKPOINT_WAL_MB 256, CHECKPOINT_INTERVAL_S 300); devices
closed loop (each sends its next snapshot when the PUBACK of the last arrives). At the end the server is killed with SIGKILL
while the devices send, and started again.

| minutes | devices × readings/msg | readings/s | WAL written GB | pg_wal max MB | pg_wal, second half MB | pg_wal at the kill MB | restart to ready s | msgs acknowledged | msgs stored | data dir MB |
|---|---|---|---|---|---|---|---|---|---|---|
${summary}

Stored ≥ acknowledged: nothing a device was told was stored was lost in the kill (stored may be more: messages
committed whose PUBACK the kill cut off, which the devices would send again).

## Samples

| t (s) | pg_wal MB | data dir MB | readings stored |
|---|---|---|---|
${samples.map((s) => `| ${s.t} | ${Math.round(s.walMb)} | ${Math.round(s.dataMb)} | ${s.readings} |`).join('\n')}
`;
writeFileSync(path.resolve(import.meta.dirname, 'results/embedded-soak.md'), report);
console.log(report);
