/**
 * npm run bench:gateway -- [--controllers 120] [--buses 4] [--baud 19200] [--cycle-s 30] [--warmup-s 15]
 *   [--sample-s 60] [--outage-h 24] [--drain-limit-min 40]
 *
 * One store gateway (the standalone bundle, in its own process, with the systemd unit's Node flags) and
 * 120 Danfoss AK-CC55 controllers on 4 buses. Each bus is the simulator's Modbus TCP bus whose answers
 * take the real line time of an RS-485 line at the baud (8E1: 11 bits a character; request and answer
 * frames, each after 3.5 characters of silence), one transaction after another, as behind a serial
 * converter. An aedes broker in this process stands for the console. Three phases:
 *
 * 1. Poll cycle: every unit due at once (`poll_s: 0.1`, `request_delay_ms: 0`), so each bus polls back
 *    to back; the cycle (between two polls of a unit) against the bus's physical limit, the sum of its
 *    units' transactions on the wire. Target ≥ 0.85.
 * 2. Footprint at a 10 s poll (the defaults: `request_delay_ms: 20`): the gateway's CPU (share of one
 *    core) and peak resident memory after a warm-up. Budget: ≤ 5 % and ≤ 80 MB.
 * 3. Outage: the outbox filled with a `--outage-h` backlog (120 controllers' readings every 10 s, each
 *    with its own time), then the gateway started with the console there: its start, the time until the
 *    backlog is drained, and the live readings' delay meanwhile (a live reading must not wait behind the
 *    backlog: at most a poll late).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ModbusRTU from 'modbus-serial';
import { stringify } from 'yaml';
import { buildGateway } from '../apps/gateway/scripts/build.ts';
import { msgIdFactory, telemetryOf } from '../apps/gateway/src/messages.ts';
import { Outbox } from '../apps/gateway/src/outbox.ts';
import { planBlocks } from '../apps/gateway/src/plan.ts';
import { loadProfiles } from '../apps/gateway/src/profiles.ts';
import { profileItems } from '../apps/gateway/src/reading.ts';
import { loadSetup } from '../apps/gateway/src/setup.ts';
import { type ModbusBus, startModbusBus, transactionMs } from '../apps/simulator/src/modbus-bus.ts';
import { childTopic } from '../packages/shared/src/gateway.ts';
import { percentile } from './lib/bench-db.ts';
import { startCountingConsole } from './lib/gateway-console.ts';
import { startGatewayProcess, stopGatewayProcess } from './lib/gateway-process.ts';
import { sampleProcess } from './lib/process-stats.ts';
import { recordColumns } from './lib/report.ts';

const { values: args } = parseArgs({
  options: {
    controllers: { type: 'string', default: '120' },
    buses: { type: 'string', default: '4' },
    baud: { type: 'string', default: '19200' },
    'cycle-s': { type: 'string', default: '30' },
    'warmup-s': { type: 'string', default: '15' },
    'sample-s': { type: 'string', default: '60' },
    'outage-h': { type: 'string', default: '24' },
    'drain-limit-min': { type: 'string', default: '40' },
  },
});
const CONTROLLERS = Number(args.controllers);
const BUSES = Number(args.buses);
const LINE = { baud: Number(args.baud), parity: 'even', data_bits: 8, stop_bits: 1 } as const;
const GW_MAC = '02:47:00:00:be:01';
const GW = '02470000be01';
const PROFILE = 'danfoss-ak-cc55';

const log = (line: string) => process.stdout.write(`[bench:gateway] ${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => (xs.length ? percentile(sorted(xs), 50) : Number.NaN);
const pct = (xs: number[], p: number) => (xs.length ? percentile(sorted(xs), p) : Number.NaN);

// ---- the console: a broker counting what arrives ----
const consoleBroker = await startCountingConsole(GW);
const { seen } = consoleBroker;
const mqttPort = consoleBroker.port;

// ---- the buses ----
const profiles = loadProfiles();
const profile = profiles.get(PROFILE);
if (!profile) throw new Error(`no profile ${PROFILE}`);
const perBus = Math.ceil(CONTROLLERS / BUSES);
/** Each bus's poll starts of its first unit (a poll is that unit's requests in a row). */
const pollStarts: number[][] = Array.from({ length: BUSES }, () => []);
const lastUnit: number[] = Array.from({ length: BUSES }, () => -1);
const buses: ModbusBus[] = [];
for (let b = 0; b < BUSES; b++) {
  const count = Math.min(perBus, CONTROLLERS - b * perBus);
  buses.push(
    await startModbusBus({
      seed: 100 + b,
      line: LINE,
      units: Array.from({ length: count }, (_, i) => ({ unit: i + 1, profile })),
      onRequest: (unit, _table, _count, at) => {
        if (unit === 1 && lastUnit[b] !== 1) pollStarts[b]?.push(at);
        lastUnit[b] = unit;
      },
    }),
  );
}
const blocks = planBlocks(profileItems(profile), profile.max_registers_per_read);
const unitWireMs = blocks.reduce((sum, bl) => sum + transactionMs(LINE, bl.table, bl.count), 0);
const physicalCycleMs = unitWireMs * perBus;
log(
  `${CONTROLLERS} × ${PROFILE} on ${BUSES} buses at ${LINE.baud} 8E1: ${blocks.length} requests a poll, ${unitWireMs.toFixed(1)} ms on the wire a unit, ${physicalCycleMs.toFixed(0)} ms a bus cycle`,
);

// ---- the gateway ----
const cache = fileURLToPath(new URL('../apps/gateway/node_modules/.cache/', import.meta.url));
mkdirSync(cache, { recursive: true });
const work = mkdtempSync(join(cache, 'rcm-bench-gateway-'));
const bundle = await buildGateway(join(work, 'dist'));
const keyFile = join(work, 'device.key');
writeFileSync(keyFile, 'bench-device-key\n');
const outboxDir = join(work, 'outbox');
const configPath = join(work, 'gateway.yaml');

function writeConfig(opts: { pollS: number; requestDelayMs: number }) {
  writeFileSync(
    configPath,
    stringify({
      console: { mqtt_url: `mqtt://127.0.0.1:${mqttPort}`, mac: GW_MAC, key_file: keyFile },
      // A day's backlog of 120 controllers is about 0.8 GB: more than the default 500 MB holds.
      outbox: { dir: outboxDir, max_mb: 4096 },
      buses: buses.map((bus, b) => ({
        name: `bus${b + 1}`,
        tcp: { host: bus.host, port: bus.port },
        request_delay_ms: opts.requestDelayMs,
        timeout_ms: 500,
      })),
      devices: buses.flatMap((bus, b) =>
        [...bus.units.keys()].map((unit) => ({
          bus: `bus${b + 1}`,
          unit_id: unit,
          profile: PROFILE,
          name: `Case ${b + 1}.${unit}`,
          poll_s: opts.pollS,
        })),
      ),
    }),
  );
}

/**
 * The machine's floor: a bare modbus-serial client reading one bus's units' blocks back to back, no
 * gateway. What it loses to the line's limit is loopback TCP and the event loops, not the gateway.
 */
async function floorRatio(bus: ModbusBus, seconds: number): Promise<number> {
  const c = new ModbusRTU();
  await c.connectTCP(bus.host, { port: bus.port });
  c.setTimeout(500);
  const until = performance.now() + seconds * 1000;
  let wire = 0;
  const t0 = performance.now();
  while (performance.now() < until) {
    for (const unit of bus.units.keys()) {
      c.setID(unit);
      for (const bl of blocks) {
        await c.readHoldingRegisters(bl.start, bl.count);
        wire += transactionMs(LINE, bl.table, bl.count);
      }
    }
  }
  const elapsed = performance.now() - t0;
  await new Promise<void>((resolve) => c.close(() => resolve()));
  return wire / elapsed;
}

const load = os.loadavg()[0]?.toFixed(1) ?? 'n/a';
try {
  const floor = await floorRatio(buses[0] as ModbusBus, 10);
  log(`floor: a bare client back to back reaches ${floor.toFixed(3)} of the line's limit on this machine now`);

  // ---- 1. poll cycle ----
  writeConfig({ pollS: 0.1, requestDelayMs: 0 });
  let g = startGatewayProcess(bundle, configPath);
  const cycleS = Number(args['cycle-s']);
  await sleep(5_000);
  const from = performance.now();
  await sleep(cycleS * 1000);
  await stopGatewayProcess(g);
  const cycles = pollStarts.map((starts) => {
    const s = starts.filter((t) => t >= from);
    return median(s.slice(1).map((t, i) => t - (s[i] as number)));
  });
  const cycleMs = median(cycles);
  const ratio = physicalCycleMs / cycleMs;
  log(
    `poll cycle: ${cycles.map((c) => c.toFixed(0)).join(' / ')} ms a bus (physical ${physicalCycleMs.toFixed(0)} ms): ${ratio.toFixed(3)} of the line's limit`,
  );

  // ---- 2. footprint at a 10 s poll ----
  writeConfig({ pollS: 10, requestDelayMs: 20 });
  rmSync(outboxDir, { recursive: true, force: true });
  g = startGatewayProcess(bundle, configPath);
  await sleep(Number(args['warmup-s']) * 1000);
  const telemetryBefore = seen.telemetry;
  const foot = await sampleProcess(g.proc.pid as number, Number(args['sample-s']));
  const readingsPerS = (seen.telemetry - telemetryBefore) / foot.wallS;
  await stopGatewayProcess(g);
  log(
    `at a 10 s poll: ${(foot.cpu * 100).toFixed(1)} % of a core, peak RSS ${foot.peakRss.toFixed(1)} MB, ${readingsPerS.toFixed(1)} readings/s arrived`,
  );

  // ---- 3. a day's outage, drained ----
  rmSync(outboxDir, { recursive: true, force: true });
  const outageH = Number(args['outage-h']);
  const setup = loadSetup(configPath);
  const perChild = Math.round((outageH * 3_600) / 10);
  const backlog = perChild * setup.children.length;
  const fillStart = performance.now();
  const outbox = new Outbox(outboxDir, { maxBytes: 4096 * 2 ** 20, maxAgeMs: 30 * 86_400_000 });
  const msgId = msgIdFactory(GW_MAC);
  const startMs = Date.now() - outageH * 3_600_000;
  const batch: { topic: string; body: Record<string, unknown>; created: number }[] = [];
  for (let k = 0; k < perChild; k++) {
    const at = startMs + k * 10_000;
    for (const child of setup.children) {
      const air = -2 + Math.sin(k / 40) * 1.5;
      const reading = {
        at: new Date(at),
        values: { air, evap: air - 8, s5: air - 7.5, s3: air + 0.4, s4: air - 0.3, cutout: 2 },
        state: 'ok' as const,
        state_raw: 0,
        alarms: new Set<string>(),
      };
      batch.push({
        topic: childTopic(GW_MAC, child.child, 'telemetry'),
        body: telemetryOf(child, reading, msgId()) as unknown as Record<string, unknown>,
        created: at,
      });
    }
    if (batch.length >= 20_000) outbox.addMany(batch.splice(0));
  }
  outbox.addMany(batch.splice(0));
  const filled = outbox.stats();
  const diskMb = outbox.diskBytes() / 2 ** 20;
  const files = outbox.files();
  outbox.close();
  log(
    `outbox filled with ${filled.depth} readings (${outageH} h × ${setup.children.length} controllers) in ${((performance.now() - fillStart) / 1000).toFixed(0)} s: ${diskMb.toFixed(0)} MB in ${files} files`,
  );

  seen.historical = 0;
  seen.liveLagMs = [];
  const birthsBefore = seen.births;
  consoleBroker.countLive(true);
  g = startGatewayProcess(bundle, configPath);
  const pid = g.proc.pid as number;
  while (seen.births === birthsBefore && g.proc.exitCode === null) await sleep(20);
  const startS = (performance.now() - g.startedAt) / 1000;
  const drainStart = performance.now();
  const limitS = Number(args['drain-limit-min']) * 60;
  const drain = await sampleProcess(pid, limitS, () => seen.historical >= backlog - setup.children.length);
  const drainS = (performance.now() - drainStart) / 1000;
  consoleBroker.countLive(false);
  await stopGatewayProcess(g);
  const drained = seen.historical;
  log(
    `drain: connected ${startS.toFixed(1)} s after start, ${drained}/${backlog} historical readings in ${drainS.toFixed(0)} s (${(drained / drainS).toFixed(0)}/s), ${(drain.cpu * 100).toFixed(0)} % of a core, peak RSS ${drain.peakRss.toFixed(1)} MB; live readings meanwhile ${seen.liveLagMs.length}, delay p50 ${median(seen.liveLagMs).toFixed(0)} ms, p99 ${pct(seen.liveLagMs, 99).toFixed(0)} ms, max ${Math.max(...seen.liveLagMs).toFixed(0)} ms`,
  );
  if (g.lines.some((l) => /error|cannot/i.test(l))) log(`gateway said:\n  ${g.lines.slice(0, 20).join('\n  ')}`);

  recordColumns('gateway', [
    ['date', new Date().toISOString().slice(0, 16)],
    ['controllers / buses', `${CONTROLLERS} / ${BUSES}`],
    ['baud', `${LINE.baud} 8E1`],
    ['bus cycle ms (physical)', `${cycleMs.toFixed(0)} (${physicalCycleMs.toFixed(0)})`],
    ['of the limit', ratio.toFixed(3)],
    ['bare client floor', floor.toFixed(3)],
    ['CPU % at 10 s', (foot.cpu * 100).toFixed(1)],
    ['peak RSS MB at 10 s', foot.peakRss.toFixed(1)],
    ['outage h', outageH],
    ['backlog readings', backlog],
    ['outbox MB / files', `${diskMb.toFixed(0)} / ${files}`],
    ['start s', startS.toFixed(1)],
    ['drain s', drainS.toFixed(0)],
    ['drained', `${drained}`],
    ['drain CPU % / peak RSS MB', `${(drain.cpu * 100).toFixed(0)} / ${drain.peakRss.toFixed(1)}`],
    [
      'live delay p50 / p99 / max ms',
      `${median(seen.liveLagMs).toFixed(0)} / ${pct(seen.liveLagMs, 99).toFixed(0)} / ${Math.max(...seen.liveLagMs).toFixed(0)}`,
    ],
    ['load', load],
  ]);
} finally {
  for (const bus of buses) await bus.close();
  await consoleBroker.close();
  rmSync(work, { recursive: true, force: true });
}
process.exit(0);
