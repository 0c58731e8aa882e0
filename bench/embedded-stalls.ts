/**
 * npm run bench:embedded-stalls -- [--size-mb 3072] [--rate 40] [--devices 40] [--readings 100] [--quiet-s 70]
 *   [--built DIR]
 *
 * How long the embedded default stops acknowledging while it is operated. A database of `size-mb`
 * (readings spread over past days, in their day partitions) is built first; the server (PGlite on
 * disk) then runs in its own process while `devices` controllers post `readings`-reading snapshots
 * over HTTP at a steady `rate` a second in total (open loop: one every 1/rate s, whatever the answers).
 * Phases: quiet (`quiet-s`: the scheduled checkpoints and at least one table-maintenance pass), a
 * backup through the API (its duration), quiet again, a restart (SIGTERM, start, ready), and quiet
 * after it. For each phase: the longest gap between two acknowledgements, latency p50/p99/max, and
 * the messages refused or failed. Results appended to bench/results/embedded-stalls.md.
 *
 * `--built DIR`: the built database is kept in DIR (as it was before the server first opened it:
 * never analyzed, never vacuumed), and a later run with the same DIR copies it instead of building.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { keyOf, mac, percentile } from './lib/bench-db.ts';
import { freePort } from './lib/server.ts';

const { values } = parseArgs({
  options: {
    'size-mb': { type: 'string', default: '3072' },
    rate: { type: 'string', default: '40' },
    devices: { type: 'string', default: '40' },
    readings: { type: 'string', default: '100' },
    'quiet-s': { type: 'string', default: '70' },
    built: { type: 'string' },
  },
});
const sizeMb = Number(values['size-mb']);
const rate = Number(values.rate);
const devices = Number(values.devices);
const readings = Math.max(3, Number(values.readings));
const quietMs = Number(values['quiet-s']) * 1000;
const MB = 1_048_576;
const DAY = 86_400_000;

const root = mkdtempSync(path.join(os.tmpdir(), 'rcm-embedded-stalls-'));
const dataDir = path.join(root, 'data');
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const built = values.built ? path.resolve(values.built) : null;
const buildStarted = performance.now();
let builtMb: number;
if (built && existsSync(path.join(built, 'PG_VERSION'))) {
  cpSync(built, dataDir, { recursive: true });
  const copy = await openDatabase({ dataDir });
  const c = copy.embedded?.client;
  if (!c) throw new Error('not the embedded database');
  const n = await c.query<{ n: string }>('select pg_database_size(current_database())::text as n');
  builtMb = Math.round(Number(n.rows[0]?.n) / MB);
  await copy.close();
  log(`database copied from ${built}: ${builtMb} MB`);
} else {
  builtMb = await build();
  if (built) cpSync(dataDir, built, { recursive: true });
}
const buildS = (performance.now() - buildStarted) / 1000;

const httpPort = await freePort();
const base = `http://127.0.0.1:${httpPort}`;

async function startServerProcess(): Promise<{ server: ChildProcess; exited: Promise<unknown> }> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(httpPort),
      HOST: '127.0.0.1',
      MQTT_PORT: 'none',
      SEED_DEMO: 'false',
      DEMO_FLEET: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      DATA_DIR: dataDir,
      BACKUP_DIR: path.join(root, 'backups'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (;;) {
    if (gone) throw new Error('the server exited during start');
    const res = await fetch(`${base}/api/ready`).catch(() => null);
    if (res?.status === 200) return { server, exited };
    await new Promise((r) => setTimeout(r, 50));
  }
}

let running = await startServerProcess();
const setup = await fetch(`${base}/api/setup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    organization_name: 'Stall Ops',
    name: 'Bench Admin',
    email: 'bench@example.com',
    password: 'bench-password-1',
  }),
});
const token = setup.headers.get('authorization');
if (setup.status !== 201 || !token) throw new Error(`setup failed: ${setup.status} ${await setup.text()}`);

type Phase = { name: string; from: number; to: number; note: string };
const acks: { at: number; latency: number }[] = [];
let failed = 0;
const failures: number[] = [];
let sent = 0;

function snapshot(device: number, n: number): string {
  return JSON.stringify({
    msg_id: `s${device}-${n}`,
    ts: new Date().toISOString(),
    racks: [
      {
        ref: 'A',
        metrics: { superheat: 8, liquid_level: 60, oil_pressure: 30 },
        points: Array.from({ length: readings - 3 }, (_, p) => ({
          addr: `A.P${p}`,
          value: 30 + ((n + p) % 10),
          unit: 'psig',
          status: 'ok',
        })),
      },
    ],
  });
}

function sendOne(): void {
  const n = sent++;
  const device = n % devices;
  const started = performance.now();
  fetch(`${base}/api/ingest/v1/${mac(device)}/telemetry`, {
    method: 'POST',
    headers: { authorization: `Device ${keyOf(device)}`, 'content-type': 'application/json' },
    body: snapshot(device, n),
  }).then(
    async (res) => {
      const at = performance.now();
      if (res.status === 200) {
        await res.arrayBuffer();
        acks.push({ at, latency: at - started });
      } else {
        if (failed === 0) log(`first refusal: ${res.status} ${await res.text().catch(() => '')}`);
        failed += 1;
        failures.push(at);
      }
    },
    (err: Error) => {
      if (failed === 0) log(`first failure: ${err.message}`);
      failed += 1;
      failures.push(performance.now());
    },
  );
}

// Open loop at `rate`: each tick sends what the elapsed time owes (timers are coarse under load).
const loadStarted = performance.now();
const load = setInterval(() => {
  const owed = Math.floor(((performance.now() - loadStarted) * rate) / 1000) - sent;
  for (let i = 0; i < owed; i++) sendOne();
}, 5);

const phases: Phase[] = [];
async function phase(name: string, work: () => Promise<string>): Promise<void> {
  const from = performance.now();
  const note = await work();
  phases.push({ name, from, to: performance.now(), note });
  log(`${name}: ${note}`);
}
const quiet = () => new Promise<string>((r) => setTimeout(() => r(''), quietMs));

await phase('quiet (checkpoints, table maintenance)', quiet);
let backupMs = 0;
let backupSize = 0;
await phase('backup', async () => {
  const started = performance.now();
  const res = await fetch(`${base}/api/admin/backups`, { method: 'POST', headers: { authorization: token } });
  backupMs = performance.now() - started;
  const body = (await res.json()) as { data?: { size_bytes: number } };
  if (res.status !== 201) throw new Error(`backup failed: ${res.status} ${JSON.stringify(body)}`);
  backupSize = body.data?.size_bytes ?? 0;
  return `${(backupMs / 1000).toFixed(1)} s, ${Math.round(backupSize / MB)} MB`;
});
await phase('quiet after the backup', quiet);
let restartMs = 0;
await phase('restart (SIGTERM → ready)', async () => {
  const started = performance.now();
  running.server.kill('SIGTERM');
  await running.exited;
  running = await startServerProcess();
  restartMs = performance.now() - started;
  return `${(restartMs / 1000).toFixed(1)} s down`;
});
await phase('after the restart', quiet);
clearInterval(load);
await new Promise((r) => setTimeout(r, 2000));
running.server.kill('SIGTERM');
await running.exited;
rmSync(root, { recursive: true, force: true });

function row(p: Phase): string {
  const inPhase = acks.filter((a) => a.at >= p.from && a.at < p.to);
  const times = [p.from, ...inPhase.map((a) => a.at), p.to];
  let gap = 0;
  for (let i = 1; i < times.length; i++) gap = Math.max(gap, (times[i] ?? 0) - (times[i - 1] ?? 0));
  const lat = inPhase.map((a) => a.latency).sort((a, b) => a - b);
  const fails = failures.filter((f) => f >= p.from && f < p.to).length;
  return `| ${p.name} | ${((p.to - p.from) / 1000).toFixed(1)} | ${inPhase.length} | ${fails} | ${Math.round(gap)} | ${Math.round(percentile(lat, 50))} | ${Math.round(percentile(lat, 99))} | ${Math.round(lat.at(-1) ?? 0)} | ${p.note} |`;
}

const command = `npm run bench:embedded-stalls -- --size-mb ${sizeMb} --rate ${rate} --devices ${devices} --readings ${readings} --quiet-s ${quietMs / 1000}`;
const report = `
## ${new Date().toISOString()}

\`${command}\`: database ${builtMb} MB (built in ${buildS.toFixed(0)} s), ${rate} snapshots/s of ${readings} readings over HTTP
from ${devices} controllers; ${os.cpus().length} cores, load average at the end ${os.loadavg()[0]?.toFixed(1)}. Backup: ${(backupMs / 1000).toFixed(1)} s,
${Math.round(backupSize / MB)} MB. Restart (SIGTERM until ready again): ${(restartMs / 1000).toFixed(1)} s. ${acks.length} acknowledged, ${failed} refused or failed of ${sent} sent.

| phase | s | acknowledged | refused/failed | longest gap between acks ms | p50 ms | p99 ms | max ms | note |
|---|---|---|---|---|---|---|---|---|
${phases.map(row).join('\n')}
`;
appendFileSync(path.resolve(import.meta.dirname, 'results/embedded-stalls.md'), report);
console.log(report);

/** A database of at least `size-mb` in dataDir, before the server owns it (PGlite has one user at a time). */
async function build(): Promise<number> {
  const started = performance.now();
  const seeding = await openDatabase({ dataDir });
  const client = seeding.embedded?.client;
  if (!client) throw new Error('not the embedded database');
  const org = await client.query<{ id: number }>(
    `insert into organizations (name) values ('Stall Foods') returning id`,
  );
  const loc = await client.query<{ id: number }>(
    `insert into locations (organization_id, name) values ($1, 'Stall Store') returning id`,
    [org.rows[0]?.id],
  );
  const ids = await client.query<{ id: number }>(
    // Plain HTTP on the loopback: secure mode off, as for a controller without TLS.
    `insert into controllers (mac_address, name, organization_id, location_id, authorised, online, device_key_hash, last_seen_at, secure_mode)
     select m, 'Stall ' || m, $3, $4, true, true, h, now(), false from unnest($1::text[], $2::text[]) as t(m, h) returning id`,
    [
      Array.from({ length: devices }, (_, i) => mac(i)),
      Array.from({ length: devices }, (_, i) => createHash('sha256').update(keyOf(i)).digest('hex')),
      org.rows[0]?.id,
      loc.rows[0]?.id,
    ],
  );
  const firstId = ids.rows[0]?.id ?? 1;
  // History in day partitions of their own (as the partition job names them), from 2 days ago back.
  const today = Math.floor(Date.now() / DAY) * DAY;
  const dbSize = async () =>
    Number((await client.query<{ n: string }>('select pg_database_size(current_database())::text as n')).rows[0]?.n);
  for (let day = 2; (await dbSize()) < sizeMb * MB; day++) {
    const from = new Date(today - day * DAY);
    const to = new Date(today - (day - 1) * DAY);
    const name = `readings_p${from.toISOString().slice(0, 10).replaceAll('-', '')}`;
    await client.exec(
      `create table if not exists ${name} partition of readings for values from ('${from.toISOString()}') to ('${to.toISOString()}')`,
    );
    // About 100 MB a day partition (index included): 1.2 million readings of `devices` controllers × 50 keys.
    await client.query(
      `insert into ${name} (controller_id, key, ts, value)
       select $1 + (g % $2), 'k' || (g / $2 % 50), $3::timestamptz + (g / ($2 * 50)) * interval '1 second' * 3, random() * 100
       from generate_series(0, 1199999) g`,
      [firstId, devices, from.toISOString()],
    );
    await client.exec('checkpoint');
    log(`history: ${name}, database ${Math.round((await dbSize()) / MB)} MB`);
  }
  const mb = Math.round((await dbSize()) / MB);
  await seeding.close();
  log(`database built: ${mb} MB in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return mb;
}
