import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/server.ts';

// Needs a real Mosquitto (CI sets TEST_MQTT_URL: the machine's, anonymous, default queue limits).
const mqttUrl = process.env.TEST_MQTT_URL;
if (!mqttUrl) console.info('broker drops test skipped: needs TEST_MQTT_URL');

const metric = (text: string, name: string) =>
  Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)`, 'm').exec(text)?.[1]);

describe.skipIf(!mqttUrl)("the external broker's drops", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({
      MQTT_URL: mqttUrl ?? '',
      MQTT_SHARE_GROUP: `test-drops-${Date.now()}`,
      MQTT_SAFETY_NET: 'false',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('are counted in /metrics and turn /api/ready degraded, naming the reason', async () => {
    const ready = async () => (await server.app.inject({ url: '/api/ready' })).json();
    const metrics = async () => (await server.app.inject({ url: '/metrics' })).body;
    expect(await ready()).toMatchObject({ status: 'ready', checks: { broker: { status: 'ok' } } });
    // The broker publishes its counters (retained): the store's gauges are there from the start.
    await expect
      .poll(async () => metric(await metrics(), 'rcm_mqtt_broker_stored_messages'), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(0);
    expect(metric(await metrics(), 'rcm_mqtt_broker_dropped_seen_total')).toBe(0);

    // A subscriber of our own goes away with a persistent session and a QoS 1 subscription; what is
    // published to it past the broker's queue limit (Mosquitto's default: 1000) is dropped, while the
    // publisher gets every PUBACK. The broker counts that in $SYS/broker/publish/messages/dropped.
    const clientId = `rcm-test-slow-${randomBytes(4).toString('hex')}`;
    const topic = `rcm-test/drops/${clientId}`;
    const slow = await mqtt.connectAsync(mqttUrl ?? '', { clientId, clean: false });
    await slow.subscribeAsync(topic, { qos: 1 });
    await slow.endAsync();
    const publisher = await mqtt.connectAsync(mqttUrl ?? '', { clientId: `${clientId}-pub` });
    for (let i = 0; i < 1500; i++) await publisher.publishAsync(topic, `m${i}`, { qos: 1 });
    await publisher.endAsync();
    try {
      // $SYS is published every sys_interval (10 s by default).
      await expect
        .poll(async () => (await ready()).checks.broker, { timeout: 25_000, interval: 500 })
        .toMatchObject({
          status: 'degraded',
          reason: expect.stringMatching(/^the broker dropped \d+ device messages/),
        });
      const report = await ready();
      expect(report.status).toBe('degraded');
      expect((await server.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
      const text = await metrics();
      expect(metric(text, 'rcm_mqtt_broker_dropped_seen_total')).toBeGreaterThanOrEqual(400);
      expect(metric(text, 'rcm_mqtt_broker_dropped_messages')).toBeGreaterThanOrEqual(400);
    } finally {
      // Remove the session and its queue from the machine's broker.
      await (await mqtt.connectAsync(mqttUrl ?? '', { clientId, clean: true })).endAsync();
    }
  });
});
