import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compactMac, deviceTopic } from '@rcm/shared/device';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { query } from '../../../lib/sql.ts';
import { demoDeviceKey, seedDemo } from '../../../seed/demo.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { telemetry } from '../../../test/device.ts';
import { idlePipeline, recordingLog, subscribedConsumer, waitFor } from '../../../test/safety-net.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { missingBinaries, startMosquitto } from '../../../test/services.ts';
import { ensureAlarmCatalogue } from '../../alarms/catalogue.ts';
import { DEFAULT_SERVER_USER, mosquittoAcl, mosquittoPasswordLine } from '../../ops/mosquitto-auth.ts';
import { MESSAGE_ID_RETENTION_DAYS } from '../pipeline/dedupe-window.ts';
import { startBrokerConsumer } from './mqtt-consumer.ts';
import { startSafetyNet } from './safety-net.ts';

/*
 * The MQTT safety net against a private Mosquitto 2.0 (persistence on, the generated password and
 * ACL files): Mosquitto restores a persistent session's plain subscriptions after a restart but
 * not its `$share` ones, so what devices publish before the instances subscribe again reaches
 * only the net. Runs on PGlite (one process holds the net) and PostgreSQL (advisory lock).
 */
const enabled = !missingBinaries().includes('mosquitto');
if (!enabled) console.info('safety net tests skipped: mosquitto is not installed');

const MAC = '02:52:43:00:10:02';
const SERVER_PASSWORD = randomBytes(12).toString('hex');

/**
 * A broker that refuses every SUBSCRIBE (MQTT 5 SUBACK, reason 0x87 "not authorized"), as an ACL
 * plugin or EMQX may (the private Mosquitto 2.0.11 grants them all and filters at delivery).
 * Just enough MQTT 5 for mqtt.js: CONNACK, SUBACK, PINGRESP.
 */
async function startRefusingBroker(): Promise<{ port: number; close: () => Promise<void>; subscribes: () => number }> {
  let subscribes = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buf = Buffer.alloc(0);
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        // Fixed header: type byte, remaining length (variable-length integer).
        let len = 0;
        let mult = 1;
        let i = 1;
        for (; i < buf.length && i < 5; i++) {
          len += ((buf[i] as number) & 0x7f) * mult;
          mult *= 128;
          if (((buf[i] as number) & 0x80) === 0) break;
        }
        if (i >= buf.length || buf.length < i + 1 + len) return;
        const type = (buf[0] as number) >> 4;
        const body = buf.subarray(i + 1, i + 1 + len);
        buf = buf.subarray(i + 1 + len);
        if (type === 1) socket.write(Buffer.from([0x20, 3, 0, 0, 0]));
        if (type === 8) {
          subscribes += 1;
          socket.write(Buffer.from([0x90, 4, body[0] as number, body[1] as number, 0, 0x87]));
        }
        if (type === 12) socket.write(Buffer.from([0xd0, 0]));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    subscribes: () => subscribes,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

it('caps the safety net session expiry at the msg_id dedupe window', () => {
  const cap = MESSAGE_ID_RETENTION_DAYS * 86_400;
  expect(loadConfig({ MQTT_SAFETY_NET_EXPIRY_S: String(cap) }).MQTT_SAFETY_NET_EXPIRY_S).toBe(cap);
  expect(() => loadConfig({ MQTT_SAFETY_NET_EXPIRY_S: String(cap + 1) })).toThrow(/MQTT_SAFETY_NET_EXPIRY_S/);
});

describe.skipIf(!enabled)('MQTT safety net (Mosquitto restart)', () => {
  const dir = enabled ? mkdtempSync(path.join(tmpdir(), 'rcm-net-')) : '';
  let broker: Awaited<ReturnType<typeof startMosquitto>>;
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
        where c.mac_address = ${MAC} and r.ts >= ${from}::timestamptz`,
    );
    return row?.n ?? 0;
  };
  const publish = async (tag: string, count: number) => {
    for (let i = 0; i < count; i++) {
      await device.publishAsync(
        deviceTopic(MAC, 'telemetry'),
        JSON.stringify(telemetry(new Date(), {}, `${tag}-${i}`)),
        {
          qos: 1,
        },
      );
    }
  };

  beforeAll(async () => {
    broker = await startMosquitto(dir, {
      passwd: `${mosquittoPasswordLine(DEFAULT_SERVER_USER, SERVER_PASSWORD)}\n${mosquittoPasswordLine(compactMac(MAC), demoDeviceKey(MAC))}\n`,
      acl: mosquittoAcl({ macs: [MAC] }),
    });
    env = {
      MQTT_URL: `mqtt://${DEFAULT_SERVER_USER}:${SERVER_PASSWORD}@127.0.0.1:${broker.port}`,
      MQTT_SHARE_GROUP: 'net-test',
    };
    database = await openTestDatabase();
    await ensureAlarmCatalogue(database.db);
    await seedDemo(database.db, new Date(), { history: false });
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
    device = mqtt.connect(broker.url, {
      clientId: `dev-${compactMac(MAC)}`,
      username: compactMac(MAC),
      password: demoDeviceKey(MAC),
      reconnectPeriod: 250,
    });
    device.on('error', () => undefined);
    await new Promise<void>((resolve) => device.once('connect', () => resolve()));

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

  /** The nag timers a net started (found by their period), to see that stop() clears them. */
  const nagTimers = (spy: { mock: { calls: unknown[][]; results: { value: unknown }[] } }, ms: number) =>
    spy.mock.calls.flatMap((call, i) => (call[1] === ms ? [spy.mock.results[i]?.value as NodeJS.Timeout] : []));

  it('a refused shared SUBSCRIBE is logged once per connection; the net waiting for it warns, and stop() leaves no timer', async () => {
    const { log, warnings } = recordingLog();
    const refusing = await startRefusingBroker();
    const consumer = await startBrokerConsumer({
      url: `mqtt://127.0.0.1:${refusing.port}`,
      pipeline: idlePipeline,
      log,
      shareGroup: 'net-refused',
      connections: 1,
    });
    const refusals = () => warnings.filter((w) => w.msg === 'mqtt consumer: shared subscription not granted');
    await waitFor('the refusal to be logged', () => refusals().length > 0);
    const codes = (refusals()[0]?.obj.refused ?? []) as number[];
    expect(codes).toHaveLength(1);
    expect(codes[0]).toBeGreaterThanOrEqual(0x80);

    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const clearIntervalSpy = vi.spyOn(globalThis, 'clearInterval');
    try {
      const net = await startSafetyNet({
        url: env.MQTT_URL as string,
        pipeline: idlePipeline,
        consumer,
        log,
        shareGroup: 'net-refused',
        sessionExpirySeconds: 10,
        warnEveryMs: 137,
      });
      await waitFor('the net to warn that it waits for the shared subscription', () =>
        warnings.some(
          (w) =>
            w.msg === 'safety net: recovery has not ended yet' && /shared subscription/.test(String(w.obj.waitingFor)),
        ),
      );
      expect(net.stats().mode).toBe('recovery');
      // The net's confirmSubscribed() made the consumer subscribe again, refused again: not logged again.
      expect(refusing.subscribes()).toBeGreaterThanOrEqual(2);
      expect(refusals()).toHaveLength(1);
      const [nag] = nagTimers(setIntervalSpy, 137);
      expect(nag).toBeDefined();
      expect(nag?.hasRef()).toBe(false);
      await net.stop();
      expect(net.stats().mode).toBe('stopped');
      expect(clearIntervalSpy).toHaveBeenCalledWith(nag);
    } finally {
      setIntervalSpy.mockRestore();
      clearIntervalSpy.mockRestore();
      await consumer.close();
      await refusing.close();
    }
  });

  it('stop() in the middle of a recovery returns while the broker is down (marker unacknowledged), leaving no timer', async () => {
    const { log } = recordingLog();
    let confirm: () => void = () => undefined;
    let asked = false;
    const consumer = {
      close: async () => undefined,
      connected: () => true,
      confirmSubscribed: () =>
        new Promise<void>((resolve) => {
          asked = true;
          confirm = resolve;
        }),
    };
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const clearIntervalSpy = vi.spyOn(globalThis, 'clearInterval');
    let restarting: Promise<void> | null = null;
    try {
      const net = await startSafetyNet({
        url: env.MQTT_URL as string,
        pipeline: idlePipeline,
        consumer,
        log,
        shareGroup: 'net-down',
        sessionExpirySeconds: 10,
        warnEveryMs: 139,
      });
      await waitFor('the net to ask for the shared subscription', () => asked);
      // The broker goes away; the shared subscription is confirmed meanwhile, so the net publishes
      // its marker (QoS 1), which nobody can acknowledge until the broker is back.
      restarting = broker.restart(6000);
      await waitFor('the broker to be down', () => !device.connected);
      confirm();
      await new Promise((r) => setTimeout(r, 200));
      expect(net.stats().mode).toBe('recovery');
      const outcome = await Promise.race([
        net.stop().then(() => 'stopped'),
        new Promise((r) => setTimeout(() => r('still stopping'), 3000)),
      ]);
      expect(outcome).toBe('stopped');
      const nags = nagTimers(setIntervalSpy, 139);
      expect(nags).toHaveLength(1);
      expect(clearIntervalSpy).toHaveBeenCalledWith(nags[0]);
    } finally {
      setIntervalSpy.mockRestore();
      clearIntervalSpy.mockRestore();
      await restarting;
      await waitFor('the device to reconnect', () => device.connected);
    }
  });
});
