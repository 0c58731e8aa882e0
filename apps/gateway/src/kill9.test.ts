import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestBroker, type TestBroker } from '@rcm/simulator/testing/test-broker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { buildGateway } from '../scripts/build.ts';
import { GW_KEY, GW_MAC, testConfig } from './testing/fixtures.ts';
import { simUnit, startModbusServer, type TestModbusServer } from './testing/modbus-server.ts';
import { waitFor } from './testing/wait-for.ts';

// The standalone build, run as a store box runs it (and quick to start, so the test stays short). It is
// written under node_modules so the bundle finds serialport there.
const CACHE = fileURLToPath(new URL('../node_modules/.cache/', import.meta.url));
let bundle = '';
let bundleDir = '';
const GW = '024700000001';

let broker: TestBroker;
let modbus: TestModbusServer;
let dir = '';
let configPath = '';
const procs: ChildProcess[] = [];

beforeAll(async () => {
  mkdirSync(CACHE, { recursive: true });
  bundleDir = mkdtempSync(join(CACHE, 'rcm-gw-kill9-'));
  bundle = await buildGateway(bundleDir);
  broker = await startTestBroker(new Map([[GW_MAC, GW_KEY]]));
  modbus = await startModbusServer(new Map([[1, simUnit({ 0: -180, 2: -200 })]]));
  const t = testConfig({ mqttUrl: broker.url, modbusPort: modbus.port, units: [{ unit: 1, profile: 'generic-case' }] });
  dir = t.dir;
  configPath = join(dir, 'gateway.yaml');
  writeFileSync(configPath, stringify(t.config));
});

afterAll(async () => {
  for (const p of procs) p.kill('SIGKILL');
  await broker.close();
  await modbus.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
});

function run(): ChildProcess {
  const p = spawn(process.execPath, [bundle, '--config', configPath], { stdio: 'ignore' });
  procs.push(p);
  return p;
}

/**
 * The ids of the messages in the outbox directory not yet acknowledged, as the disk holds them: the
 * segments' whole lines less those their `.ack` files list (read only: the gateway may be running).
 */
function onDisk(): string[] {
  const outbox = join(dir, 'outbox');
  const names = readdirSync(outbox);
  const acked = new Set(
    names.filter((n) => n.endsWith('.ack')).flatMap((n) => readFileSync(join(outbox, n), 'utf8').split('\n')),
  );
  return names
    .filter((n) => /^\d{15}\.seg$/.test(n))
    .flatMap((n) => readFileSync(join(outbox, n), 'utf8').split('\n').slice(0, -1))
    .map((line) => line.split('\t'))
    .filter(([seq]) => !acked.has(seq as string))
    .map((fields) => String((JSON.parse(fields.slice(3).join('\t')) as { msg_id: string }).msg_id));
}

describe('kill -9', () => {
  it('loses nothing the gateway had written: a restart sends every unacknowledged message', async () => {
    // The console never acknowledges telemetry: it piles up in the outbox, published and unacknowledged.
    broker.holdPublishes((topic) => topic.endsWith('/telemetry'));
    const first = run();
    await waitFor(() => broker.held.items.length >= 5 && onDisk().length >= 5, 'five unacknowledged readings', 15_000);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const kept = onDisk();
    expect(kept.length).toBeGreaterThanOrEqual(5);
    broker.holdPublishes(null);
    const since = broker.messages.items.length;
    const second = run();
    const arrived = () =>
      new Set(
        broker.messages.items
          .slice(since)
          .filter((m) => m.topic === `rcm/v1/${GW}/dev/tcp1-1/telemetry`)
          .map((m) => (JSON.parse(m.payload) as { msg_id: string }).msg_id),
      );
    await waitFor(() => kept.every((id) => arrived().has(id)), 'every kept message sent again', 15_000);
    second.kill('SIGTERM');
    await new Promise((resolve) => second.once('exit', resolve));
    const replayed = broker.messages.items
      .slice(since)
      .filter((m) => kept.includes((JSON.parse(m.payload) as { msg_id: string }).msg_id))
      .map((m) => JSON.parse(m.payload) as { historical?: boolean; ts: string });
    // All but the newest (sent first, as the current state) are marked historical, oldest first.
    expect(replayed.filter((m) => m.historical === true).length).toBeGreaterThanOrEqual(kept.length - 1);
  });
});
