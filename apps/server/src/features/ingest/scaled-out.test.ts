import { compactMac, deviceTopic } from '@rcm/shared/device';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { login } from '../../test/app.ts';
import { telemetry } from '../../test/device.ts';
import { createTestServer, type TestServer } from '../../test/server.ts';
import { listen } from '../../test/socket.ts';

// The scaled-out path needs the machine's Mosquitto and Redis (CI sets both URLs) and runs on
// PostgreSQL, where two server instances can share one database.
const mqttUrl = process.env.TEST_MQTT_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const enabled = !!mqttUrl && !!redisUrl && process.env.RCM_TEST_DB === 'postgres';
if (!enabled) console.info('scaled-out ingest test skipped: needs TEST_MQTT_URL, TEST_REDIS_URL and TEST_DATABASE_URL');

describe.skipIf(!enabled)('external broker and Redis adapter', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    // A group of its own: the machine's Mosquitto may hold other groups' sessions.
    // The safety net's session (one per group) is left on the machine's broker: let it expire soon.
    const env = {
      MQTT_URL: mqttUrl ?? '',
      REDIS_URL: redisUrl ?? '',
      MQTT_SHARE_GROUP: `test-${Date.now()}`,
      MQTT_SAFETY_NET_EXPIRY_S: '10',
    };
    a = await createTestServer(env);
    // The second instance uses the same database as the first.
    b = await createTestServer(env, { database: a.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.stop();
  });

  it('stores what devices publish through Mosquitto once, split across instances, and tells sockets on either', async () => {
    const mac = '02:52:43:00:10:07';
    const [c] = await query<{ id: number }>(a.database.db, sql`select id from controllers where mac_address = ${mac}`);
    const before = await query<{ n: number }>(
      a.database.db,
      sql`select count(*)::int as n from readings where controller_id = ${c?.id}`,
    );
    const socket = await listen(b.url, await login(b.app, 'technician@example.com'));
    const device = mqtt.connect(mqttUrl ?? '', { clientId: `test-${compactMac(mac)}-${Date.now()}` });
    await new Promise<void>((resolve) => device.once('connect', () => resolve()));
    const t0 = Date.now();
    for (let i = 0; i < 40; i++) {
      await device.publishAsync(
        deviceTopic(mac, 'telemetry'),
        JSON.stringify(telemetry(new Date(t0 + i), {}, `so-${t0}-${i}`)),
        { qos: 1 },
      );
    }
    // A repeat of one message: stored once.
    await device.publishAsync(
      deviceTopic(mac, 'telemetry'),
      JSON.stringify(telemetry(new Date(t0), {}, `so-${t0}-0`)),
      { qos: 1 },
    );
    // A device alarm raised through whichever instance takes it reaches the socket on instance b.
    await device.publishAsync(
      deviceTopic(mac, 'alarms'),
      JSON.stringify({
        msg_id: `so-${t0}-alarm`,
        ts: new Date().toISOString(),
        code: 'COMP_PROOF',
        rack: 'A',
        state: 'raised',
      }),
      { qos: 1 },
    );
    await socket.waitFor(
      'alarm.raised',
      (x: { controller: { mac_address: string } }) => x.controller.mac_address === mac,
      15_000,
    );
    let stored = 0;
    for (let i = 0; i < 50; i++) {
      const [row] = await query<{ n: number }>(
        a.database.db,
        sql`select count(*)::int as n from readings where controller_id = ${c?.id}`,
      );
      stored = (row?.n ?? 0) - (before[0]?.n ?? 0);
      if (stored >= 40 * 6) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(stored).toBe(40 * 6);
    // Both instances took a share; together they saw every message (the repeat counted once).
    const [sa, sb] = [a, b].map((s) => s.ingest.pipeline.stats());
    expect(sa?.accepted).toBeGreaterThan(0);
    expect(sb?.accepted).toBeGreaterThan(0);
    expect((sa?.accepted ?? 0) + (sb?.accepted ?? 0)).toBe(41);
    expect((sa?.duplicates ?? 0) + (sb?.duplicates ?? 0)).toBe(1);
    socket.close();
    await device.endAsync();
  });
});
