import { type AddressInfo, createServer } from 'node:net';
import { compactMac } from '@rcm/shared/device';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../../events/bus.ts';
import { query } from '../../lib/sql.ts';
import { demoDeviceKey } from '../../seed/demo.ts';
import { login } from '../../test/app.ts';
import { connectDevice, type TestDevice, telemetry } from '../../test/device.ts';
import { createTestServer, TEST_PROVISIONING_KEY, type TestServer } from '../../test/server.ts';
import { startEmbeddedBroker } from './transports/mqtt-broker.ts';

// Seeded demo controllers (see seed/demo.ts): index 0 sits in FreshMart #101.
const MAC0 = '02:52:43:00:10:00';
const MAC1 = '02:52:43:00:10:01';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function count(table: string, where = sql`true`): Promise<number> {
  const [row] = await query<{ n: number }>(
    server.database.db,
    sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`,
  );
  return row?.n ?? 0;
}

async function controllerId(mac: string): Promise<number> {
  const [row] = await query<{ id: number }>(
    server.database.db,
    sql`select id from controllers where mac_address = ${mac}`,
  );
  return row?.id ?? 0;
}

describe('MQTT ingest', () => {
  let device: TestDevice;
  beforeAll(async () => {
    device = await connectDevice(server.mqttPort ?? 0, MAC0, demoDeviceKey(MAC0));
  });
  afterAll(async () => {
    await device.end();
  });

  it('stores a telemetry message once it is acknowledged: readings, latest points, racks, last seen', async () => {
    const id = await controllerId(MAC0);
    const before = await count('readings', sql`controller_id = ${id}`);
    await device.publish('telemetry', telemetry(new Date(), { superheat: 9.1 }));
    // 3 metrics + 3 points, all written before the PUBACK arrived.
    expect(await count('readings', sql`controller_id = ${id}`)).toBe(before + 6);
    const [point] = await query<{ value: number; status: string }>(
      server.database.db,
      sql`select value, status from rack_points where controller_id = ${id} and addr = 'A.CASE1'`,
    );
    expect(point).toEqual({ value: 35.5, status: 'ok' });
    const [rack] = await query<{ metrics: { superheat: number } }>(
      server.database.db,
      sql`select metrics from racks where controller_id = ${id} and ref = 'A'`,
    );
    expect(rack?.metrics.superheat).toBe(9.1);
  });

  it('stores a repeated msg_id once', async () => {
    const id = await controllerId(MAC0);
    const message = telemetry(new Date(), {}, `dup-${Date.now()}`);
    await device.publish('telemetry', message);
    const after = await count('readings', sql`controller_id = ${id}`);
    await device.publish('telemetry', message);
    await device.publish('telemetry', message);
    expect(await count('readings', sql`controller_id = ${id}`)).toBe(after);
    expect(server.ingest.pipeline.stats().duplicates).toBeGreaterThanOrEqual(2);
  });

  it('rejects malformed and oversized messages, counts them, and keeps the device connected', async () => {
    const rejected = server.ingest.pipeline.stats().rejected;
    await device.publish('telemetry', '{"msg_id": "broken"');
    await device.publish('telemetry', { msg_id: 'x', ts: 'not a time', racks: [] });
    await device.publish('telemetry', 'x'.repeat(300 * 1024));
    const now = server.ingest.pipeline.stats().rejected;
    expect(now.malformed).toBe(rejected.malformed + 2);
    expect(now.too_large).toBe(rejected.too_large + 1);
    expect(device.client.connected).toBe(true);
    const id = await controllerId(MAC0);
    const before = await count('readings', sql`controller_id = ${id}`);
    await device.publish('telemetry', telemetry(new Date()));
    expect(await count('readings', sql`controller_id = ${id}`)).toBe(before + 6);
  });

  it('does not let a device publish under another MAC', async () => {
    const other = await connectDevice(server.mqttPort ?? 0, MAC1, demoDeviceKey(MAC1));
    const victim = await controllerId(MAC0);
    const before = await count('readings', sql`controller_id = ${victim}`);
    const closed = new Promise<void>((resolve) => other.client.once('close', () => resolve()));
    void other.publish('telemetry', telemetry(new Date()), { topicMac: MAC0 }).catch(() => undefined);
    await closed;
    expect(await count('readings', sql`controller_id = ${victim}`)).toBe(before);
    await other.end();
  });

  it('refuses every subscription (the protocol has no downlink), keeps the device connected, and still ingests', async () => {
    const own = `rcm/v1/${MAC0.replaceAll(':', '')}/#`;
    // SUBACK 0x80 (failure) for each topic; mqtt.js rejects with the packet.
    await expect(device.client.subscribeAsync([own, 'rcm/v1/+/telemetry'], { qos: 1 })).rejects.toMatchObject({
      packet: { cmd: 'suback', granted: [128, 128] },
    });
    const id = await controllerId(MAC0);
    const before = await count('readings', sql`controller_id = ${id}`);
    await device.publish('telemetry', telemetry(new Date()));
    await device.publish('status', { online: true, firmware: '2.1.0' });
    expect(await count('readings', sql`controller_id = ${id}`)).toBe(before + 6);
    expect(device.client.connected).toBe(true);
  });

  it('refuses a wrong device key and a client id that is not the MAC', async () => {
    await expect(connectDevice(server.mqttPort ?? 0, MAC1, 'wrong-key')).rejects.toThrow();
    await expect(connectDevice(server.mqttPort ?? 0, MAC1, TEST_PROVISIONING_KEY)).rejects.toThrow();
  });

  it('refuses an MQTT 5 client with CONNACK return code 1 (the protocol is MQTT 3.1.1)', async () => {
    const client = mqtt.connect(`mqtt://127.0.0.1:${server.mqttPort}`, {
      clientId: compactMac(MAC1),
      username: MAC1,
      password: demoDeviceKey(MAC1),
      protocolVersion: 5,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    const refusal = await new Promise<Error & { code?: number }>((resolve, reject) => {
      client.once('connect', () => reject(new Error('an MQTT 5 client was accepted')));
      client.once('error', resolve);
    });
    client.end(true);
    expect(refusal.code).toBe(1);
  });
});

describe('the embedded broker on a port in use', () => {
  const taken = createServer();
  let takenPort = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
    takenPort = (taken.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => taken.close(() => resolve()));
  });

  it('a port set in MQTT_PORT that is taken stops the start, naming the variable', async () => {
    await expect(createTestServer({ MQTT_PORT: String(takenPort) })).rejects.toThrow(
      `MQTT_PORT ${takenPort} is already in use`,
    );
  });

  it('the default port, when taken, moves to a free one, and devices are ingested there', async () => {
    const broker = await startEmbeddedBroker({
      port: takenPort,
      host: '127.0.0.1',
      anyPortIfTaken: true,
      registry: server.ingest.registry,
      pipeline: server.ingest.pipeline,
      bus: createEventBus(),
      log: server.app.log,
    });
    try {
      expect(broker.port).toBeGreaterThan(0);
      expect(broker.port).not.toBe(takenPort);
      const before = server.ingest.pipeline.stats().readings;
      const device = await connectDevice(broker.port, MAC1, demoDeviceKey(MAC1));
      await device.publish('telemetry', telemetry(new Date(), {}, `fallback-${Date.now()}`));
      expect(server.ingest.pipeline.stats().readings).toBe(before + 6);
      await device.end();
    } finally {
      await broker.close();
    }
  });
});

describe('pending controllers', () => {
  it('announces an unknown MAC, stores nothing it sends, and ingests once authorized', async () => {
    const mac = '02:99:00:00:00:01';
    const admin = await login(server.app, 'admin@example.com');
    const pending = await connectDevice(server.mqttPort ?? 0, mac, TEST_PROVISIONING_KEY);
    const id = await controllerId(mac);
    expect(id).toBeGreaterThan(0);
    const list = await server.app.inject({
      url: '/api/controllers/unauthorised',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(list.json().data.map((c: { mac_address: string }) => c.mac_address)).toContain(mac);

    await pending.publish('telemetry', telemetry(new Date(), { oil_pressure: 2 }));
    expect(await count('readings', sql`controller_id = ${id}`)).toBe(0);
    expect(await count('alarms', sql`controller_id = ${id}`)).toBe(0);
    await pending.end();

    const res = await server.app.inject({
      method: 'POST',
      url: `/api/controllers/${id}/authorise`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { organization_id: 2, location_id: 2, name: 'New rack' },
    });
    expect(res.statusCode).toBe(200);
    const key = res.json().data.device_key as string;
    server.ingest.registry.forget(mac);
    const device = await connectDevice(server.mqttPort ?? 0, mac, key);
    await device.publish('telemetry', telemetry(new Date()));
    expect(await count('readings', sql`controller_id = ${id}`)).toBe(6);
    await device.end();
  });
});

describe('HTTP ingest', () => {
  it('stores with the device key, refuses a wrong one, and rejects a malformed body', async () => {
    const id = await controllerId(MAC1);
    const before = await count('readings', sql`controller_id = ${id}`);
    const url = `/api/ingest/v1/${MAC1.replaceAll(':', '')}/telemetry`;
    const message = telemetry(new Date());
    const ok = await server.app.inject({
      method: 'POST',
      url,
      // MAC1 is in secure mode: its key comes through TLS (a proxy in front says so).
      headers: { authorization: `Device ${demoDeviceKey(MAC1)}`, 'x-forwarded-proto': 'https' },
      payload: message,
    });
    expect(ok.json()).toEqual({ data: { stored: true, duplicate: false } });
    expect(await count('readings', sql`controller_id = ${id}`)).toBe(before + 6);
    // The same msg_id again (a device that did not hear the answer): acknowledged as a duplicate, not stored twice.
    const again = await server.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Device ${demoDeviceKey(MAC1)}`, 'x-forwarded-proto': 'https' },
      payload: message,
    });
    expect(again.json()).toEqual({ data: { stored: false, duplicate: true } });
    expect(await count('readings', sql`controller_id = ${id}`)).toBe(before + 6);
    const wrong = await server.app.inject({
      method: 'POST',
      url,
      headers: { authorization: 'Device nope' },
      payload: telemetry(new Date()),
    });
    expect(wrong.statusCode).toBe(401);
    const bad = await server.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Device ${demoDeviceKey(MAC1)}`, 'x-locale': 'es-MX', 'x-forwarded-proto': 'https' },
      payload: { msg_id: 'm', ts: 'soon' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.message).toBe('Algunos campos no son válidos.');
    expect(await count('readings', sql`controller_id = ${id}`)).toBe(before + 6);
  });

  it('refuses a secure-mode controller over plain HTTP, and takes an older one without TLS', async () => {
    const plain = await server.app.inject({
      method: 'POST',
      url: `/api/ingest/v1/${MAC1.replaceAll(':', '')}/telemetry`,
      headers: { authorization: `Device ${demoDeviceKey(MAC1)}`, 'x-locale': 'es-MX' },
      payload: telemetry(new Date()),
    });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().error.code).toBe('tls_required');
    expect(plain.json().error.message).toMatch(/modo seguro/);
    // MAC0 runs with secure mode off (an older controller).
    const older = await server.app.inject({
      method: 'POST',
      url: `/api/ingest/v1/${MAC0.replaceAll(':', '')}/status`,
      headers: { authorization: `Device ${demoDeviceKey(MAC0)}` },
      payload: { online: true },
    });
    expect(older.statusCode).toBe(200);
  });
});
