import { compactMac } from '@rcm/shared/device';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { query } from '../../lib/sql.ts';
import { demoDeviceKey } from '../../seed/demo.ts';
import { type RunningServer, startServer } from '../../server.ts';
import { login } from '../../test/app.ts';
import { connectDevice, telemetry } from '../../test/device.ts';
import { type EmbeddedTestDatabase, openEmbeddedTestDatabase } from '../../test/embedded.ts';

const MAC = '02:52:43:00:10:00';
const MB = 1_048_576;

// The disk as the server sees it: the test moves the free space below the threshold and back.
const disk = { freeBytes: 50_000 * MB };
const statfs = async () => ({ bavail: Math.floor(disk.freeBytes / 4096), bsize: 4096 });

let embedded: EmbeddedTestDatabase;
let server: RunningServer;
const logLines: { level: number; msg: string }[] = [];

beforeAll(async () => {
  embedded = await openEmbeddedTestDatabase();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    MQTT_HOST: '127.0.0.1',
    WEB_DIST: '/nonexistent',
    DATA_DIR: embedded.dataDir,
    DISK_MIN_FREE_MB: '512',
  });
  server = await startServer({
    config,
    database: embedded.database,
    scheduler: false,
    statfs,
    logger: { level: 'info', stream: { write: (line: string) => logLines.push(JSON.parse(line)) } },
  });
});
afterAll(async () => {
  await server?.close();
  await embedded?.remove();
});

const readings = async () =>
  (await query<{ n: number }>(embedded.database.db, sql`select count(*)::int as n from readings`))[0]?.n ?? 0;
const ready = () => server.app.inject({ method: 'GET', url: '/api/ready' });
const httpIngest = (msgId: string) =>
  server.app.inject({
    method: 'POST',
    url: `/api/ingest/v1/${MAC}/telemetry`,
    headers: { authorization: `Device ${demoDeviceKey(MAC)}`, 'x-locale': 'es-MX' },
    payload: telemetry(new Date(), {}, msgId),
  });

async function setFree(bytes: number) {
  disk.freeBytes = bytes;
  await server.ops.embedded.disk?.check();
}

// PGlite on disk only: the PostgreSQL run of the server tests has nothing more to prove here.
const embeddedOnly = process.env.RCM_TEST_DB === 'postgres';

describe.skipIf(embeddedOnly)('a disk almost full (embedded database)', () => {
  it('refuses ingest without acknowledging, says why, and takes messages again once space is back', async () => {
    expect((await ready()).statusCode).toBe(200);
    const device = await connectDevice(server.mqttPort ?? 0, MAC, demoDeviceKey(MAC));
    await device.publish('telemetry', telemetry(new Date(), {}, 'before'));
    const stored = await readings();

    await setFree(100 * MB);
    const notReady = await ready();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({
      status: 'not_ready',
      checks: { disk: { status: 'failed', reason: 'disk_low' } },
    });
    expect(logLines.some((l) => l.level === 40 && l.msg.startsWith('disk space low'))).toBe(true);
    const metrics = (await server.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('\nrcm_disk_low 1\n');
    expect(metrics).toContain(`\nrcm_disk_free_bytes ${100 * MB}\n`);

    // MQTT: no PUBACK; the connection is cut, so the device keeps the message and sends it again.
    const closed = new Promise<void>((resolve) => device.client.once('close', () => resolve()));
    const unacked = device.publish('telemetry', telemetry(new Date(), {}, 'while-low'));
    await closed;
    await expect(
      Promise.race([unacked, new Promise((_, r) => setTimeout(() => r(new Error('no PUBACK')), 500))]),
    ).rejects.toThrow();
    device.client.end(true);
    // A new connection is refused: CONNACK 3, server unavailable.
    const refused = await new Promise<Error & { code?: number }>((resolve, reject) => {
      const c = mqtt.connect(`mqtt://127.0.0.1:${server.mqttPort}`, {
        clientId: compactMac(MAC),
        username: MAC,
        password: demoDeviceKey(MAC),
        protocolVersion: 4,
        reconnectPeriod: 0,
      });
      c.once('connect', () => reject(new Error('accepted while the disk is low')));
      c.once('error', (err) => {
        c.end(true);
        resolve(err);
      });
    });
    expect(refused.code).toBe(3);
    // HTTP: 503 disk_low in the caller's language, nothing stored.
    const http = await httpIngest('http-while-low');
    expect(http.statusCode).toBe(503);
    expect(http.json()).toMatchObject({ error: { code: 'disk_low' } });
    expect((http.json() as { error: { message: string } }).error.message).toContain('poco espacio');
    expect(await readings()).toBe(stored);
    // Administrators see it; a backup is refused too.
    const admin = await login(server.app, 'admin@example.com');
    const storage = await server.app.inject({
      method: 'GET',
      url: '/api/admin/storage',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(storage.json()).toMatchObject({ data: { embedded: true, disk_low: true, min_free_bytes: 512 * MB } });
    const backup = await server.app.inject({
      method: 'POST',
      url: '/api/admin/backups',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(backup.statusCode).toBe(503);

    await setFree(2000 * MB);
    expect((await ready()).statusCode).toBe(200);
    const again = await connectDevice(server.mqttPort ?? 0, MAC, demoDeviceKey(MAC));
    await again.publish('telemetry', telemetry(new Date(), {}, 'while-low'));
    await again.end();
    expect((await httpIngest('http-after')).statusCode).toBe(200);
    expect(await readings()).toBeGreaterThan(stored);
  });
});
