import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbedded } from '../../db/pglite.ts';
import { demoDeviceKey } from '../../seed/demo.ts';
import { largeSnapshot } from '../../test/device.ts';
import { openEmbeddedTestDatabase } from '../../test/embedded.ts';
import { waitFor } from '../../test/faults.ts';
import { type Instance, killInstance, startInstance } from '../../test/services.ts';

const MAC = '02:52:43:00:10:00';
const MB = 1_048_576;

/*
 * Something other than the server fills the disk of its data directory (a real 192 MB tmpfs, as in
 * disk-full.test.ts) until less than one WAL segment (16 MB) is free, while the disk watch's
 * threshold is lower still: the server itself takes writes until its next one meets the full disk.
 * Before the disk reserve, PGlite PANICked on the failed WAL segment and spun for ever (no answer,
 * no SIGTERM). The server runs as its own process, so a hang shows as requests that never answer.
 */
// Only where the test runs (not in the PostgreSQL project, where its hooks do not run either).
const root = process.env.RCM_TEST_DB === 'postgres' ? '' : fs.mkdtempSync(path.join(os.tmpdir(), 'rcm-foreign-full-'));
const mountPoint = path.join(root, 'fs');
let mounted = false;
if (root) {
  fs.mkdirSync(mountPoint);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=192m', 'tmpfs', mountPoint], { stdio: 'ignore' });
    mounted = true;
  } catch {
    mounted = false;
    fs.rmSync(root, { recursive: true, force: true });
  }
}

let instance: Instance | null = null;
let passed = false;
afterAll(async () => {
  if (!mounted) return;
  await killInstance(instance, 'SIGKILL');
  if (mounted) execFileSync('umount', [mountPoint]);
  // The end of the server's log when the test failed; nothing is left behind either way.
  const log = path.join(root, 'server.log');
  if (!passed && fs.existsSync(log)) console.info(fs.readFileSync(log, 'utf8').split('\n').slice(-40).join('\n'));
  fs.rmSync(root, { recursive: true, force: true });
}, 30_000);

/** A request to the server process; one that gets no answer for 30 s means the server hangs. */
async function call(url: string, init: RequestInit = {}) {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const freeBytes = () => {
  const s = fs.statfsSync(mountPoint);
  return s.bavail * s.bsize;
};

/** Fills the filesystem with a file of its own until `leave` bytes are free. */
function fillForeign(file: string, leave: number): void {
  const fd = fs.openSync(file, 'w');
  const chunk = Buffer.alloc(MB, 1);
  try {
    for (let free = freeBytes(); free > leave; free = freeBytes()) {
      fs.writeSync(fd, chunk, 0, Math.min(chunk.length, free - leave));
    }
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

describe.runIf(mounted)('a disk filled by another process', () => {
  it('keeps answering, refuses ingest unacknowledged, resumes when space returns and stops on SIGTERM', async () => {
    const test = await openEmbeddedTestDatabase(mountPoint);
    const dataDir = test.dataDir;
    await test.database.close();
    instance = await startInstance(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        MQTT_PORT: 'none',
        SEED_DEMO: 'false',
        DEMO_FLEET: 'false',
        LOG_LEVEL: 'info',
        WEB_DIST: '/nonexistent',
        DISK_MIN_FREE_MB: '1',
        DISK_RESERVE_MB: '32',
      },
      path.join(root, 'server.log'),
    );
    const base = instance.url;
    const ingest = (id: string, i: number) =>
      call(`${base}/api/ingest/v1/${MAC}/telemetry`, {
        method: 'POST',
        headers: { authorization: `Device ${demoDeviceKey(MAC)}`, 'content-type': 'application/json' },
        body: JSON.stringify(largeSnapshot(id, i)),
      });
    await waitFor('the server ready with its reserve written', 60_000, async () => {
      return (await call(`${base}/api/ready`)).status === 200 && fs.existsSync(path.join(dataDir, 'rcm-disk-reserve'));
    });

    // Less than a WAL segment left, above the watch's 1 MB: only a write of the server's can find the disk full.
    const foreign = path.join(mountPoint, 'foreign.bin');
    fillForeign(foreign, 8 * MB);
    const acked: string[] = [];
    let refused: Record<string, unknown> | null = null;
    for (let i = 0; !refused && i < 3000; i++) {
      const id = `foreign-${i}`;
      const res = await ingest(id, i);
      if (res.status === 200) acked.push(id);
      else refused = { status: res.status, ...res.body };
    }
    expect(refused).toMatchObject({ status: 503, error: { code: 'disk_low' } });
    expect(acked.length).toBeGreaterThan(0);

    expect((await call(`${base}/api/health`)).status).toBe(200);
    const ready = await call(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ checks: { disk: { reason: 'disk_low' }, database: { status: 'ok' } } });
    expect((await ingest('foreign-refused', -1)).status).toBe(503);

    // Space returns: the server writes its reserve again and takes data, with nobody restarting it.
    fs.rmSync(foreign);
    await waitFor(
      'ready again after space returned',
      60_000,
      async () => (await call(`${base}/api/ready`)).status === 200,
    );
    const after = await ingest('foreign-after', 0);
    expect(after.status).toBe(200);
    acked.push('foreign-after');

    instance.child.kill('SIGTERM');
    expect(await instance.exited).toBe(0);
    instance = null;

    // Everything acknowledged is stored; the refused message is not.
    const db = await openEmbedded(dataDir);
    try {
      const { rows } = await db.client.query<{ msg_id: string }>(
        "select msg_id from ingest_messages where msg_id like 'foreign-%'",
      );
      const stored = new Set(rows.map((r) => r.msg_id));
      expect(acked.filter((id) => !stored.has(id))).toEqual([]);
      expect(stored.has('foreign-refused')).toBe(false);
    } finally {
      await db.close();
    }
    passed = true;
  }, 300_000);
});
