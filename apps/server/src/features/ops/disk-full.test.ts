import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { demoDeviceKey } from '../../seed/demo.ts';
import { type RunningServer, startServer } from '../../server.ts';
import { largeSnapshot } from '../../test/device.ts';
import { type EmbeddedTestDatabase, openEmbeddedTestDatabase } from '../../test/embedded.ts';

const MAC = '02:52:43:00:10:00';
const MB = 1_048_576;

/**
 * A real small filesystem (tmpfs, 128 MB) for the data directory: where the machine lets the test
 * mount one (root, outside a restricted container); skipped elsewhere, where disk-low.test.ts still
 * proves the behaviour through an injected reading.
 */
const mountPoint =
  process.env.RCM_TEST_DB === 'postgres' ? '' : fs.mkdtempSync(path.join(os.tmpdir(), 'rcm-small-fs-'));
let mounted = false;
if (mountPoint) {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=128m', 'tmpfs', mountPoint], { stdio: 'ignore' });
    mounted = true;
  } catch {
    mounted = false;
    fs.rmSync(mountPoint, { recursive: true, force: true });
  }
}

let embedded: EmbeddedTestDatabase | undefined;
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.close();
  await embedded?.remove();
  if (!mounted) return;
  execFileSync('umount', [mountPoint]);
  fs.rmSync(mountPoint, { recursive: true, force: true });
});

const freeMb = async () => {
  const s = await statfs(mountPoint);
  return (s.bavail * s.bsize) / MB;
};

describe.runIf(mounted)('the data directory on a small filesystem that fills up', () => {
  it('stops taking data before the disk is full, and the server still answers and stops', async () => {
    embedded = await openEmbeddedTestDatabase(mountPoint);
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: 'none',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      DATA_DIR: embedded.dataDir,
      DISK_MIN_FREE_MB: '40',
    });
    // The real fs.statfs, every 5 s as in production; no checkpoints (the scheduler is off), so the WAL only grows.
    server = await startServer({ config, database: embedded.database, scheduler: false });
    expect(await freeMb()).toBeGreaterThan(40);

    let refusedAt = -1;
    const started = Date.now();
    for (let i = 0; refusedAt < 0 && Date.now() - started < 90_000; i++) {
      const res = await server.app.inject({
        method: 'POST',
        url: `/api/ingest/v1/${MAC}/telemetry`,
        headers: { authorization: `Device ${demoDeviceKey(MAC)}` },
        payload: largeSnapshot(`fill-${i}`, i),
      });
      if (res.statusCode === 503) {
        expect(res.json()).toMatchObject({ error: { code: 'disk_low' } });
        refusedAt = i;
      } else {
        expect(res.statusCode).toBe(200);
      }
    }
    expect(refusedAt).toBeGreaterThan(0);
    // Refused with room to spare: PGlite never met a full disk.
    expect(await freeMb()).toBeGreaterThan(5);
    const ready = await server.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ checks: { disk: { reason: 'disk_low' }, database: { status: 'ok' } } });
    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const stopping = performance.now();
    await server.close();
    server = undefined;
    expect(performance.now() - stopping).toBeLessThan(10_000);
  }, 150_000);
});
