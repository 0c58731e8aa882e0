import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deviceTopic } from '@rcm/shared/device';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { MESSAGE_ID_RETENTION_DAYS } from '../../../lib/dedupe-window.ts';
import { query } from '../../../lib/sql.ts';
import { openDemoTestDatabase } from '../../../test/app.ts';
import type { TestDatabase } from '../../../test/database.ts';
import { telemetry } from '../../../test/device.ts';
import { connectNetDevice, NET_DEVICE, startNetBroker, subscribedConsumer, waitFor } from '../../../test/safety-net.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { missingBinaries } from '../../../test/services.ts';
import { startSafetyNet } from './safety-net.ts';

/*
 * The MQTT safety net against a private Mosquitto 2.0 (persistence on, the generated password and
 * ACL files): Mosquitto restores a persistent session's plain subscriptions after a restart but
 * not its `$share` ones, so what devices publish before the instances subscribe again reaches
 * only the net. Runs on PGlite (one process holds the net) and PostgreSQL (advisory lock).
 * safety-net-stop.test.ts: a refused shared subscription and stop() mid-recovery.
 */
const enabled = !missingBinaries().includes('mosquitto');
if (!enabled) console.info('safety net tests skipped: mosquitto is not installed');

it('caps the safety net session expiry at the msg_id dedupe window', () => {
  const cap = MESSAGE_ID_RETENTION_DAYS * 86_400;
  expect(loadConfig({ MQTT_SAFETY_NET_EXPIRY_S: String(cap) }).MQTT_SAFETY_NET_EXPIRY_S).toBe(cap);
  expect(() => loadConfig({ MQTT_SAFETY_NET_EXPIRY_S: String(cap + 1) })).toThrow(/MQTT_SAFETY_NET_EXPIRY_S/);
});

describe.skipIf(!enabled)('MQTT safety net (Mosquitto restart)', () => {
  const dir = enabled ? mkdtempSync(path.join(tmpdir(), 'rcm-net-')) : '';
  let broker: Awaited<ReturnType<typeof startNetBroker>>;
  let database: TestDatabase;
  let device: MqttClient;
  const servers: TestServer[] = [];
  let env: Record<string, string>;

  const start = async (instance: string, db?: TestDatabase) => {
    const server = await createTestServer({ ...env, INSTANCE_ID: instance }, { database: db });
    servers.push(server);
    return server;
  };
  const readingsOf = async (from: string) => {
    const [row] = await query<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from readings r join controllers c on c.id = r.controller_id
        where c.mac_address = ${NET_DEVICE} and r.ts >= ${from}::timestamptz`,
    );
    return row?.n ?? 0;
  };
  const publish = async (tag: string, count: number) => {
    for (let i = 0; i < count; i++) {
      await device.publishAsync(
        deviceTopic(NET_DEVICE, 'telemetry'),
        JSON.stringify(telemetry(new Date(), {}, `${tag}-${i}`)),
        {
          qos: 1,
        },
      );
    }
  };

  beforeAll(async () => {
    broker = await startNetBroker(dir);
    env = { MQTT_URL: broker.serverUrl, MQTT_SHARE_GROUP: 'net-test' };
    database = await openDemoTestDatabase();
  });

  afterAll(async () => {
    for (const s of servers) await s.close().catch(() => undefined);
    await device?.endAsync(true);
    await database?.close().catch(() => undefined);
    await broker?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('only acknowledges in normal operation; after a broker restart it ingests what no shared subscription got, once', async () => {
    const a = await start('net-a', database);
    const net = a.safetyNet();
    expect(net?.stats().mode).toBe('normal');
    device = await connectNetDevice(broker.url);

    // Normal operation: the shared subscription stores each message; the net only acknowledges.
    const t0 = new Date().toISOString();
    await publish('normal', 20);
    await waitFor('20 messages stored', async () => (await readingsOf(t0)) >= 20 * 6);
    await waitFor('the net to see them', () => (net?.stats().acknowledged ?? 0) >= 20);
    expect(a.ingest.pipeline.stats()).toMatchObject({ accepted: 20, duplicates: 0 });
    expect(net?.stats().recovered).toBe(0);

    // The instance stops (its sessions stay on the broker), Mosquitto restarts: the shared
    // subscription is gone, the net's plain one is restored. What the device publishes now is
    // acknowledged by the broker and queued for the net alone.
    await a.close();
    servers.length = 0;
    await broker.restart(500);
    await waitFor('the device to reconnect', () => device.connected);
    const t1 = new Date().toISOString();
    await publish('window', 30);

    const b = await start('net-a', database);
    await waitFor('the 30 window messages stored', async () => (await readingsOf(t1)) >= 30 * 6);
    await b.safetyNet()?.settled();
    expect(b.safetyNet()?.stats().recovered).toBeGreaterThanOrEqual(30);
    // All 30 were stored by the net: no shared subscription ever delivered them.
    await waitFor('the net to count them', () => (b.safetyNet()?.stats().rescued ?? 0) >= 30);
    expect(b.safetyNet()?.stats().rescued).toBe(30);
    // Once each: 6 readings per message, one message id each.
    expect(await readingsOf(t1)).toBe(30 * 6);
    const [ids] = await query<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ingest_messages where msg_id like 'window-%'`,
    );
    expect(ids?.n).toBe(30);

    // Back to normal: new messages are stored by the shared path only.
    const before = b.ingest.pipeline.stats().accepted;
    const recovered = b.safetyNet()?.stats().recovered;
    const t2 = new Date().toISOString();
    await publish('after', 10);
    await waitFor('10 more stored', async () => (await readingsOf(t2)) >= 10 * 6);
    expect(b.ingest.pipeline.stats().accepted - before).toBe(10);
    expect(b.safetyNet()?.stats().recovered).toBe(recovered);
  });

  it('has one holder; a second connection under its client id makes the holder step down instead of fighting', async () => {
    const holder = servers.find((s) => s.safetyNet());
    expect(holder).toBeDefined();
    if (process.env.RCM_TEST_DB === 'postgres') {
      // Another instance on the same database does not get the net while the holder lives...
      const other = await start('net-b', database);
      expect(other.safetyNet()).toBeNull();
      // ...and takes it over when the holder is gone.
      await holder?.close();
      servers.splice(servers.indexOf(holder as TestServer), 1);
      await waitFor('the other instance to take the net over', () => other.safetyNet()?.stats().mode === 'normal');
    }
    const current = servers.find((s) => s.safetyNet()) as TestServer;
    const intruder = await startSafetyNet({
      url: env.MQTT_URL as string,
      pipeline: current.ingest.pipeline,
      consumer: subscribedConsumer,
      log: current.app.log,
      shareGroup: 'net-test',
      sessionExpirySeconds: 60,
    });
    // The server's event loop stalls (a loaded machine) while the two take the session from each
    // other: the threads that hold the connections must not go on fighting without it, or both nets
    // count the takeovers and both step down.
    const stallUntil = performance.now() + 2_000;
    while (performance.now() < stallUntil) {
      // busy: no event of either net is handled meanwhile
    }
    await waitFor('the holder to step down', () => current.safetyNet() === null);
    // The intruder keeps the session (the holder left instead of taking it back again).
    await intruder.settled();
    expect(intruder.stats().mode).toBe('normal');
    const recoveries = intruder.stats().recoveries;
    await publish('intruder', 5);
    await waitFor('the intruder to see them', () => intruder.stats().acknowledged >= 5);
    expect(intruder.stats()).toMatchObject({ mode: 'normal', recoveries });
    await intruder.stop();
  });
});
