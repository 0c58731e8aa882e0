/**
 * npm run bench:ingest -- [--per-message 3|100] [--clients 400] [--duration 20] [--broker embedded|mosquitto]
 *   [--inflight 1] [--rate 0] [--lanes 2] [--scratch]
 *
 * --inflight: QoS 1 messages each device keeps awaiting their PUBACK. --rate: messages per second of
 * the whole fleet, each device pacing its share (0, the default: as fast as PUBACKs come back, a
 * closed loop whose latency is in-flight ÷ throughput). A paced run is how a fleet behaves (devices
 * publish on a schedule) and the way to measure publish-to-commit through Mosquitto, which
 * acknowledges devices at once, so an unpaced fleet only fills its queue.
 *
 * --scratch: print the result, do not record it (profiling runs). --timeline: also print, per second of the
 * run, the messages committed and their publish→commit p50/p95/max. BENCH_NOTE: a note for the broker column.
 * --publisher lean|mqttjs: the devices' MQTT client: `lib/lean-publisher.ts` (default with the embedded broker; plain sockets,
 * the replacements for PUBACKs that came together sent in one write) or mqtt.js (`lib/publisher.ts`,
 * about three times the CPU per message on this machine; the default with Mosquitto, which acknowledges
 * devices itself, so a faster publisher only overflows its queue for the server).
 *
 * Devices (a second process) publish QoS 1 telemetry as fast as their PUBACKs come back; the
 * server (this process) ingests into PostgreSQL. With the embedded broker the PUBACK is sent after
 * commit, so publish→PUBACK is publish-to-commit latency. At the end every acknowledged message
 * must be stored exactly once.
 *
 * `--broker mosquitto` starts a Mosquitto of its own (the machine's binary, on a free port) with
 * deploy/mosquitto.conf's limits, per-device passwords and the generated ACL, so the run measures the
 * production setup and disturbs no other broker; BENCH_MQTT_URL points it at an existing broker
 * instead (anonymous devices). Mosquitto acknowledges devices itself, so the rate is what the server
 * stored per second until it had caught up with everything acknowledged.
 *
 * With a Mosquitto of its own the run also samples, every second, how far behind the broker the
 * safety net's connection and the stored messages are (the broker's `$SYS/broker/publish/messages/received`,
 * sys_interval 1, against the net's count and the pipeline's): the columns "net behind max" and
 * "stored behind max"; and what the broker dropped (`$SYS/broker/publish/messages/dropped`: messages
 * it acknowledged to a device and then threw away, a queue being full), the most it held at once and
 * its heap then. Its queue limits are deploy/mosquitto.conf's. "catch-up s" is the time from the
 * devices' stop until everything they were acknowledged was stored (waited for up to 40 minutes);
 * with --pg-stop, "catch-up after PostgreSQL s" the time from its start until the stored messages
 * were within a second's worth of what the broker had received.
 *
 * --pg-stop <s> [--pg-stop-at <s>]: stops PostgreSQL for that long during the run (pg_ctl, fast
 * shutdown), `--pg-stop-at` seconds after the devices start (default 30). Only a PostgreSQL of the
 * bench's own: BENCH_DATABASE_URL must point at it and BENCH_PG_DATA name its data directory (as root,
 * pg_ctl runs as `postgres`); never the machine's shared service.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ensureAlarmCatalogue } from '../apps/server/src/features/alarms/engine/catalogue.ts';
import { DEFAULT_SERVER_USER } from '../apps/server/src/features/ops/mosquitto-auth.ts';
import { startServer } from '../apps/server/src/server.ts';
import { countReadings, freshDatabase, percentile, seedControllers, sharedBuffersNote } from './lib/bench-db.ts';
import { startBenchMosquitto } from './lib/bench-mosquitto.ts';
import { type PgRecovery, sampleBroker } from './lib/broker-sampler.ts';
import { printTimeline, trackCommits, WARMUP_MS } from './lib/commit-latency.ts';
import { INGEST_COLUMNS } from './lib/ingest-columns.ts';
import { schedulePgStop } from './lib/pg-ctl.ts';
import { record } from './lib/report.ts';
import { watchServerMemory } from './lib/server-memory.ts';

const { values } = parseArgs({
  options: {
    'per-message': { type: 'string', default: '3' },
    clients: { type: 'string', default: '400' },
    duration: { type: 'string', default: '20' },
    broker: { type: 'string', default: 'embedded' },
    inflight: { type: 'string', default: '1' },
    rate: { type: 'string', default: '0' },
    lanes: { type: 'string', default: '2' },
    scratch: { type: 'boolean', default: false },
    timeline: { type: 'boolean', default: false },
    publisher: { type: 'string' },
    'pg-stop': { type: 'string', default: '0' },
    'pg-stop-at': { type: 'string', default: '30' },
  },
});
const pgStopS = Number(values['pg-stop']);
const pgData = process.env.BENCH_PG_DATA;
if (pgStopS > 0 && (!pgData || !process.env.BENCH_DATABASE_URL)) {
  console.error("--pg-stop needs a PostgreSQL of the bench's own: set BENCH_DATABASE_URL and BENCH_PG_DATA");
  process.exit(2);
}
// While PostgreSQL is stopped a library promise may reject with nobody listening (main.ts logs these too).
process.on('unhandledRejection', (reason) => {
  if (pgStopS === 0) throw reason;
});
const perMessage = Number(values['per-message']);
const clients = Number(values.clients);
const broker = values.broker === 'mosquitto' ? 'mosquitto' : 'embedded';
const externalUrl = process.env.BENCH_MQTT_URL;
// Mosquitto acknowledges devices at once: the lean publisher would only outrun ingest and fill (and
// overflow) Mosquitto's queue for the server, so its default there stays mqtt.js.
const publisher = values.publisher ?? (broker === 'mosquitto' ? 'mqttjs' : 'lean');

const url = await freshDatabase('rcm_bench_ingest');
const buffersNote = await sharedBuffersNote(url);
const database = await openDatabase({ url });
await ensureAlarmCatalogue(database.db);
await seedControllers(url, clients);

const brokerDir = mkdtempSync(path.join(tmpdir(), 'rcm-bench-mosquitto-'));
const serverPassword = randomBytes(12).toString('hex');
const privateBroker =
  broker === 'mosquitto' && !externalUrl ? await startBenchMosquitto(brokerDir, clients, serverPassword) : null;
const mosquittoUrl = privateBroker
  ? `mqtt://${DEFAULT_SERVER_USER}:${serverPassword}@127.0.0.1:${privateBroker.port}`
  : (externalUrl ?? '');
const config = loadConfig({
  DATABASE_URL: url,
  INGEST_LANES: values.lanes,
  ...(process.env.INGEST_BATCH_READINGS ? { INGEST_BATCH_READINGS: process.env.INGEST_BATCH_READINGS } : {}),
  ...(process.env.INGEST_BATCH_DELAY_MS ? { INGEST_BATCH_DELAY_MS: process.env.INGEST_BATCH_DELAY_MS } : {}),
  ...(process.env.MQTT_CONSUMERS ? { MQTT_CONSUMERS: process.env.MQTT_CONSUMERS } : {}),
  ...(process.env.MQTT_RECEIVE_MAXIMUM ? { MQTT_RECEIVE_MAXIMUM: process.env.MQTT_RECEIVE_MAXIMUM } : {}),
  PORT: '0',
  HOST: '127.0.0.1',
  MQTT_PORT: broker === 'embedded' ? '0' : 'none',
  MQTT_HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  WEB_DIST: '/nonexistent',
  // A share group of its own: other groups' sessions on the broker must not take messages.
  ...(broker === 'mosquitto' ? { MQTT_URL: mosquittoUrl, MQTT_SHARE_GROUP: `bench-${Date.now()}` } : {}),
  // As deployed: a named instance, whose broker sessions persist (its own broker is thrown away after).
  ...(privateBroker ? { INSTANCE_ID: 'bench' } : {}),
  // The MQTT safety net (on by default; MQTT_SAFETY_NET=false measures without it).
  MQTT_SAFETY_NET: process.env.MQTT_SAFETY_NET ?? 'true',
  // Its session expires soon on a broker the bench shares; on its own broker, as deployed (1 day).
  MQTT_SAFETY_NET_EXPIRY_S: privateBroker ? '86400' : '10',
});
const server = await startServer({
  config,
  database,
  scheduler: false,
  ...(process.env.BENCH_LOG_LEVEL ? { logger: { level: process.env.BENCH_LOG_LEVEL } } : {}),
});
const target =
  broker === 'embedded'
    ? `mqtt://127.0.0.1:${server.mqttPort}`
    : privateBroker
      ? `mqtt://127.0.0.1:${privateBroker.port}`
      : (externalUrl ?? '');

/** --pg-stop: when PostgreSQL was started again, and when the stored messages had caught up with the broker after it. */
const pgRecovery: PgRecovery = { backAt: null, caughtUpAt: null };
const sampler = privateBroker
  ? await sampleBroker({
      port: privateBroker.port,
      password: serverPassword,
      net: () => server.safetyNet()?.stats(),
      stored: () => server.ingest.pipeline.stats().accepted,
      rate: Number(values.rate),
      pgRecovery,
    })
  : null;

const memory = watchServerMemory({
  report: values.timeline || pgStopS > 0,
  extra: () => {
    const s = server.ingest.pipeline.stats();
    return `stored=${s.accepted} duplicates=${s.duplicates} net=${JSON.stringify(server.safetyNet()?.stats() ?? null)}`;
  },
});

const durationMs = Number(values.duration) * 1000;
const commits = trackCommits(server.ingest.pipeline, {
  durationMs,
  timeline: values.timeline,
  publishStarted: () => publishStarted,
});

console.log(`bench:ingest ${broker} broker, ${clients} devices, ${perMessage} readings/message, ${values.duration}s`);
const child = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    path.join(import.meta.dirname, publisher === 'mqttjs' ? 'lib/publisher.ts' : 'lib/lean-publisher.ts'),
    target,
    String(clients),
    String(perMessage),
    String(values.duration),
    broker === 'embedded' || privateBroker ? 'device' : 'anonymous',
    String(values.inflight),
    String(values.rate),
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const publishStarted = Date.now();
if (pgStopS > 0) {
  schedulePgStop(pgData ?? '', Number(values['pg-stop-at']) * 1000, pgStopS, () => {
    pgRecovery.backAt = Date.now();
  });
}
// The server's CPU time (this process: broker, ingest, PostgreSQL client) per stored message.
const cpuStarted = process.cpuUsage();
let out = '';
child.stdout.on('data', (d: Buffer) => {
  out += d.toString();
});
await new Promise((resolve) => child.on('exit', resolve));
const pub = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as {
  acked: number;
  failed: number;
  elapsedMs: number;
  p50: number;
  p95: number;
  p99: number;
};

// With Mosquitto the devices' PUBACKs come from the broker: wait until ingest has caught up (up to
// 40 minutes, PostgreSQL back), and count the time it took in the rate.
const devicesStopped = Date.now();
const countWhenUp = async () => {
  for (;;) {
    const counted = await countReadings(url).catch(() => null);
    if (counted) return counted;
    await new Promise((r) => setTimeout(r, 1000));
  }
};
let stored = await countWhenUp();
while (stored.messages < pub.acked && Date.now() - devicesStopped < 40 * 60_000) {
  await new Promise((r) => setTimeout(r, 250));
  stored = await countWhenUp();
}
const caughtUpAt = Date.now();
const caughtUpMs = caughtUpAt - publishStarted;
// The sampler notices a catch-up only on the broker's received counter, which stops changing when the
// devices stop: a recovery from a PostgreSQL stop still under way then ended here.
if (pgRecovery.backAt !== null && pgRecovery.caughtUpAt === null && stored.messages >= pub.acked) {
  pgRecovery.caughtUpAt = caughtUpAt;
}
const catchUpS = ((caughtUpAt - devicesStopped) / 1000).toFixed(1);
await sampler?.end();
memory.stop();
const cpu = process.cpuUsage(cpuStarted);
await server.close();
await database.close();
await privateBroker?.stop();
rmSync(brokerDir, { recursive: true, force: true });

const seconds = (broker === 'embedded' ? pub.elapsedMs : Math.max(pub.elapsedMs, caughtUpMs)) / 1000;
const readingsPerSecond = Math.round((Math.min(pub.acked, stored.messages) * perMessage) / seconds);
const lost = pub.acked - stored.messages;
const duplicated = stored.readings - stored.messages * perMessage;
const { committed, steady } = commits;
committed.sort((a, b) => a - b);
steady.sort((a, b) => a - b);
/** A percentile of sorted latencies, or n/a when there are none. */
const pct = (sorted: number[], p: number) => (sorted.length ? percentile(sorted, p) : 'n/a');
const result = {
  // In-flight messages per device and writer lanes shape the result as much as the broker does.
  broker: `${privateBroker ? 'mosquitto, its own' : broker} (${publisher === 'mqttjs' ? 'mqtt.js' : 'lean'} devices, in-flight ${values.inflight}${Number(values.rate) > 0 ? `, paced at ${values.rate} msg/s` : ''}, lanes ${values.lanes}${/[?&]host=(\/|%2F)/i.test(url) ? ', PostgreSQL over its Unix socket' : ''}${buffersNote}${broker === 'mosquitto' ? `, safety net ${config.MQTT_SAFETY_NET ? 'on' : 'off'}` : ''}${pgStopS > 0 ? `, PostgreSQL stopped for ${pgStopS} s at ${values['pg-stop-at']} s` : ''}${process.env.BENCH_NOTE ? `; ${process.env.BENCH_NOTE}` : ''})`,
  devices: clients,
  perMessage,
  seconds: seconds.toFixed(1),
  messagesPerSecond: Math.round(Math.min(pub.acked, stored.messages) / seconds),
  readingsPerSecond,
  steadyReadingsPerSecond: Math.round((commits.steadyMessages() * perMessage) / ((durationMs - WARMUP_MS) / 1000)),
  p50: broker === 'embedded' ? pub.p50.toFixed(1) : 'n/a',
  p95: broker === 'embedded' ? pub.p95.toFixed(1) : 'n/a',
  p99: broker === 'embedded' ? pub.p99.toFixed(1) : 'n/a',
  commitP50: pct(committed, 50),
  commitP95: pct(committed, 95),
  commitP99: pct(committed, 99),
  steadyP95: pct(steady, 95),
  lost,
  duplicated,
  serverCpuUsPerMessage: stored.messages > 0 ? Math.round((cpu.user + cpu.system) / stored.messages) : 'n/a',
  netBehindMax: sampler && config.MQTT_SAFETY_NET ? sampler.behind.net : 'n/a',
  storedBehindMax: sampler ? sampler.behind.stored : 'n/a',
  catchUpS: broker === 'mosquitto' ? catchUpS : 'n/a',
  pgCatchUpS:
    pgRecovery.backAt === null
      ? 'n/a'
      : pgRecovery.caughtUpAt === null
        ? `> ${((Date.now() - pgRecovery.backAt) / 1000).toFixed(0)}`
        : ((pgRecovery.caughtUpAt - pgRecovery.backAt) / 1000).toFixed(1),
  brokerDropped: sampler ? sampler.brokerSys.dropped : 'n/a',
  brokerPeakStored: sampler ? sampler.brokerSys.peakStored : 'n/a',
  brokerHeapMbAtPeak: sampler ? (sampler.brokerSys.heapAtPeak / 2 ** 20).toFixed(0) : 'n/a',
  serverPeakRssMb: memory.peak.rssMb.toFixed(0),
  serverPeakHeapMb: memory.peak.heapMb.toFixed(0),
};
console.table(result);
if (values.timeline) printTimeline(commits.timeline);
if (!values.scratch)
  record('ingest', INGEST_COLUMNS, [new Date().toISOString().slice(0, 16), ...Object.values(result)]);
process.exit(lost === 0 && duplicated === 0 ? 0 : 1);
