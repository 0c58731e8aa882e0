import type { DeviceProfile } from '@rcm/shared/device-profile';
import { afterEach } from 'vitest';
import { BusPoller, type BusTiming, type UnitSpec } from '../poller.ts';
import { loadProfiles } from '../profiles.ts';
import type { Reading } from '../reading.ts';
import { modbusTransport } from '../transport.ts';
import { type SimUnit, startModbusServer, type TestModbusServer } from './modbus-server.ts';

/** A bus poller's tests: one poller on a Modbus TCP server of simulated units, stopped after each test. */
export const profiles = loadProfiles();
export const danfoss = profiles.get('danfoss-ak-cc55') as DeviceProfile;
export const carel = profiles.get('carel-ir33') as DeviceProfile;
export const generic = profiles.get('generic-case') as DeviceProfile;

export const TIMING: BusTiming = {
  requestDelayMs: 1,
  timeoutMs: 250,
  retries: 1,
  offlineAfterFailures: 2,
  backoffMs: 60_000,
};

export type Harness = {
  server: TestModbusServer;
  poller: BusPoller;
  readings: { child: string; reading: Reading }[];
  events: string[];
  logs: string[];
};
const open: Harness[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) {
    await h.poller.stop();
    await h.server.close();
  }
});

/** A Modbus TCP bus on a loopback port; the poller's own timing applies (`timing`), these are the bus's defaults. */
export function loopbackTransport(name: string, port: number, bus: { timeout_ms?: number; backoff_s?: number } = {}) {
  return modbusTransport({
    name,
    tcp: { host: '127.0.0.1', port, framing: 'mbap' },
    request_delay_ms: 0,
    timeout_ms: 0,
    retries: 0,
    offline_after_failures: 1,
    backoff_s: 1,
    ...bus,
  });
}

export async function harness(
  units: Map<number, SimUnit>,
  specs: UnitSpec[],
  timing: Partial<BusTiming> = {},
): Promise<Harness> {
  const server = await startModbusServer(units);
  const h: Harness = { server, readings: [], events: [], logs: [], poller: null as unknown as BusPoller };
  const transport = loopbackTransport('b1', server.port);
  h.poller = new BusPoller('b1', transport, { ...TIMING, ...timing }, specs, {
    reading: (child, reading) => h.readings.push({ child, reading }),
    offline: (child, reason) => h.events.push(`${child} offline ${reason}`),
    online: (child) => h.events.push(`${child} online`),
    log: (m) => h.logs.push(m),
  });
  open.push(h);
  h.poller.start();
  return h;
}

export const count = (h: Harness, child: string) => h.readings.filter((r) => r.child === child).length;
