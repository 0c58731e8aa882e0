import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { deviceTopic } from '@rcm/shared/device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBroker, type TestBroker } from './testing/test-broker.ts';
import { EventLog } from './testing/wait-for.ts';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
// tsx is a root dev dependency; resolving it here keeps the test independent of the working directory.
const TSX = createRequire(import.meta.url).resolve('tsx');

let broker: TestBroker;
beforeAll(async () => {
  broker = await startTestBroker(
    new Map([
      ['02:99:00:00:00:01', 'prov'],
      ['02:99:00:00:00:02', 'prov'],
    ]),
  );
});
afterAll(async () => {
  await broker?.close();
});

describe('simulate CLI', () => {
  it('runs a fleet, injects a fault and stops cleanly on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [
        ...['--import', TSX, CLI, '--url', broker.url, '--key', 'prov', '--controllers', '2', '--mac-prefix', '02:99'],
        ...['--fault', '02:99:00:00:00:02:high_case_temp@B'],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const lines = new EventLog<string>();
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean)) lines.push(line);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await lines.waitFor((l) => l.includes('all 2 controllers connected'), 'the fleet to connect', {
        timeoutMs: 15_000,
      });
      await lines.waitFor((l) => l.includes('injected high_case_temp on 02:99:00:00:00:02 rack B'), 'the fault');
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
    expect(stderr).toBe('');
    expect(lines.items.some((l) => /SIGTERM: stopping/.test(l))).toBe(true);
    expect(lines.items.at(-1)).toMatch(/published \d+ · acked \d+ · failed 0/);
    for (const mac of ['02:99:00:00:00:01', '02:99:00:00:00:02']) {
      await broker.messages.waitFor(
        (m) => m.topic === deviceTopic(mac, 'status') && m.payload === '{"online":false}',
        `offline status of ${mac}`,
      );
    }
  });

  it('exits non-zero with a readable message when the broker refuses', async () => {
    const child = spawn(
      process.execPath,
      ['--import', TSX, CLI, '--url', broker.url, '--key', 'wrong', '--controllers', '1', '--mac-prefix', '02:99'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(stderr).toMatch(/02:99:00:00:00:01: broker .* refused the connection: bad username or password/);
  });
});
