import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import {
  type SimUnit,
  simUnit,
  startModbusServer,
  type TestModbusServer,
} from '@rcm/gateway/src/testing/modbus-server.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** A Danfoss AK-CC55 case controller's registers (wire address = PNU − 1; tenths of °C). */
export function danfossCase(opts: { air: number; cutout: number; state?: number; alarm?: boolean }): SimUnit {
  return simUnit({
    2531: Math.round(opts.air * 10),
    2529: Math.round(opts.air * 10),
    2530: Math.round(opts.air * 10),
    2543: Math.round((opts.air - 8) * 10),
    1010: Math.round((opts.air - 6) * 10),
    99: Math.round(opts.cutout * 10),
    2006: opts.state ?? 0,
    2540: opts.alarm ? 1 : 0,
  });
}

/** A store's bus: `modbus-serial`'s own Modbus TCP server on loopback, answering for each unit. */
export const startStoreBus = (units: Record<number, SimUnit>): Promise<TestModbusServer> =>
  startModbusServer(new Map(Object.entries(units).map(([k, v]) => [Number(k), v])));

export type RunningGateway = { dir: string; keyFile: string; output: () => string; stop: () => Promise<void> };

/**
 * The real gateway, started as the console's "Connect a store gateway" says
 * (`npm run gateway -w apps/gateway -- --config gateway.yaml`), from `yaml` written in a directory of
 * its own (its outbox and key file are relative to it). Stopped with SIGTERM to its process group.
 */
export async function runGateway(yaml: string): Promise<RunningGateway> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rcm-e2e-gw-'));
  const config = path.join(dir, 'gateway.yaml');
  writeFileSync(config, yaml);
  const child: ChildProcess = spawn('npm', ['run', 'gateway', '-w', 'apps/gateway', '--', '--config', config], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    dir,
    keyFile: path.join(dir, 'device.key'),
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.pid) {
        process.kill(-child.pid, 'SIGTERM');
        const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The console's gateway.yaml for a store, pointed at the test's bus (`port` on loopback) instead of
 * the example serial line, with units 1 and 2 (AK-CC55) and 3 (generic) polled every second.
 */
export function storeConfig(yaml: string, mac: string, port: number): string {
  const edited = yaml
    .replace(/^ {2}# mac: [0-9a-f:]+$/m, `  mac: ${mac}`)
    .replace(
      /^ {4}serial: \{ path: \/dev\/ttyUSB0.*$/m,
      `    tcp: { host: 127.0.0.1, port: ${port} }\n    timeout_ms: 300\n    offline_after_failures: 2`,
    )
    .replace(
      /^ {2}- \{ bus: rs485_1, unit_id: 1, .*$/m,
      [
        '  - { bus: rs485_1, unit_id: 1, profile: danfoss-ak-cc55, name: Dairy case 1, rack: A, poll_s: 1 }',
        '  - { bus: rs485_1, unit_id: 2, profile: danfoss-ak-cc55, name: Meat case 2, rack: A, poll_s: 1 }',
        '  - { bus: rs485_1, unit_id: 3, profile: generic-case, name: Deli case 3, rack: A, poll_s: 1 }',
      ].join('\n'),
    );
  expect(edited).toContain(`port: ${port}`);
  expect(edited).toContain('unit_id: 3');
  return edited;
}
