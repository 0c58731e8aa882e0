import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compactMac, deviceTopic } from '@rcm/shared/device';
import mqtt from 'mqtt';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDeviceKey } from '../../seed/demo.ts';
import { telemetry } from '../../test/device.ts';
import { faultTestsEnabled, instanceEnv, LOAD, startFaultDatabase, waitFor } from '../../test/faults.ts';
import { freePort, startInstance, type startPostgres, waitReady } from '../../test/services.ts';

/*
 * An instance with the embedded broker, as a process on a PostgreSQL cluster of its own, stopped
 * with SIGTERM while devices publish: it exits 0, and everything it acknowledged is stored.
 */
const enabled = faultTestsEnabled();

describe.skipIf(!enabled)('faults: SIGTERM', () => {
  const dir = enabled ? mkdtempSync(path.join(tmpdir(), 'rcm-faults-sigterm-')) : '';
  let postgres: Awaited<ReturnType<typeof startPostgres>>;
  let databaseUrl = '';
  let db: pg.Pool;
  // Logs are kept unless the test passed.
  let passed = false;

  beforeAll(async () => {
    ({ postgres, databaseUrl, db } = await startFaultDatabase(dir));
  }, 120_000);

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    postgres?.stop();
    if (passed) rmSync(dir, { recursive: true, force: true });
    else console.info(`fault test logs kept in ${dir}`);
  }, 60_000);

  it('SIGTERM mid-stream: the instance exits 0 and everything it acknowledged is stored', async () => {
    // An instance with the embedded broker, so the PUBACKs come from the process being stopped.
    const [httpPort, mqttPort] = [await freePort(), await freePort()];
    const instance = await startInstance(
      instanceEnv(httpPort, databaseUrl, 'faults-c', { MQTT_PORT: String(mqttPort), MQTT_HOST: '127.0.0.1' }),
      path.join(dir, 'instance-c.log'),
    );
    await waitReady(`http://127.0.0.1:${httpPort}`);
    const tag = `t${Date.now()}`;
    const acked: string[] = [];
    let sent = 0;
    const streams = LOAD.slice(0, 5).map(async (m, d) => {
      const client = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, {
        clientId: compactMac(m),
        username: m,
        password: demoDeviceKey(m),
        reconnectPeriod: 0,
      });
      client.on('error', () => undefined);
      await new Promise<void>((resolve) => client.once('connect', () => resolve()));
      const closed = new Promise<boolean>((resolve) => client.once('close', () => resolve(false)));
      for (let i = 0; ; i++) {
        const id = `${tag}-${d}-${i}`;
        sent += 1;
        const ok = await Promise.race([
          client
            .publishAsync(deviceTopic(m, 'telemetry'), JSON.stringify(telemetry(new Date(), {}, id)), { qos: 1 })
            .then(
              () => true,
              () => false,
            ),
          closed,
        ]);
        if (!ok) break;
        acked.push(id);
      }
      client.end(true);
    });
    await waitFor('messages acknowledged by the instance', 30_000, async () => acked.length >= 100);
    instance.child.kill('SIGTERM');
    expect(await instance.exited).toBe(0);
    await Promise.all(streams);
    expect(sent).toBeGreaterThan(acked.length);
    const { rows } = await db.query<{ msg_id: string }>('select msg_id from ingest_messages where msg_id = any($1)', [
      acked,
    ]);
    const stored = new Set(rows.map((r) => r.msg_id));
    expect(acked.filter((id) => !stored.has(id))).toEqual([]);
    passed = true;
  }, 90_000);
});
