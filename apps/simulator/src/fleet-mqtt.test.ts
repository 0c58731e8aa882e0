import {
  compactMac,
  deviceAlarmMessage,
  deviceTopic,
  statusMessage,
  type TelemetryMessage,
  telemetryMessage,
} from '@rcm/shared/device';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fleet, startFleet } from './fleet.ts';
import { type BrokerMessage, startTestBroker, type TestBroker } from './testing/test-broker.ts';
import { EventLog, track } from './testing/wait-for.ts';

const MACS = ['02:53:00:00:00:01', '02:53:00:00:00:02', '02:53:00:00:00:03'] as const;
const [MAC1, MAC2, MAC3] = MACS;
const SPARE = '02:53:00:00:00:04';
const CREDENTIALS = new Map<string, string>([
  ...MACS.map((mac, i): [string, string] => [mac, `device-key-${i + 1}`]),
  [SPARE, 'device-key-4'],
  ['observer', 'observer-pass'],
]);
const keyOf = (mac: string) => CREDENTIALS.get(mac) ?? '';

const from = (mac: string, channel: 'status' | 'telemetry' | 'alarms') => (m: BrokerMessage) =>
  m.topic === deviceTopic(mac, channel) && m.clientId === compactMac(mac);
const parses = (m: BrokerMessage) => {
  try {
    JSON.parse(m.payload);
    return true;
  } catch {
    return false;
  }
};
const json = (m: BrokerMessage): unknown => JSON.parse(m.payload);

let broker: TestBroker;
let fleet: Fleet;
const observers: MqttClient[] = [];

/** A separate client that reads what the broker retained, as the server would after a restart. */
async function observe(topic: string): Promise<EventLog<{ topic: string; payload: string; retain: boolean }>> {
  const client = await connectAsync(broker.url, {
    username: 'observer',
    password: 'observer-pass',
    reconnectPeriod: 0,
  });
  observers.push(client);
  const log = new EventLog<{ topic: string; payload: string; retain: boolean }>();
  client.on('message', (t, payload, packet) =>
    log.push({ topic: t, payload: payload.toString(), retain: packet.retain }),
  );
  await client.subscribeAsync(topic, { qos: 1 });
  return log;
}

beforeAll(async () => {
  broker = await startTestBroker(CREDENTIALS);
  fleet = await startFleet({
    transport: 'mqtt',
    url: broker.url,
    controllers: MACS.map((mac) => ({ mac, key: keyOf(mac) })),
    intervalMs: 250,
    seed: 1,
  });
});

afterAll(async () => {
  await fleet?.stop();
  await Promise.all(observers.map((o) => o.endAsync(true)));
  await broker?.close();
});

describe('fleet over MQTT', () => {
  it('logs in with the MAC as username, the compact MAC as client id and the device key', () => {
    expect(fleet.controllers.map((c) => c.mac)).toEqual([...MACS]);
    for (const mac of MACS) {
      expect(broker.logins.items).toContainEqual({ clientId: compactMac(mac), username: mac, accepted: true });
    }
  });

  it('announces a retained online status on connect', async () => {
    for (const mac of MACS) {
      const msg = await broker.messages.waitFor(from(mac, 'status'), `status of ${mac}`);
      expect(msg).toMatchObject({ retain: true, qos: 1 });
      const status = statusMessage.parse(json(msg));
      expect(status.online).toBe(true);
      expect(status.model).toBeTruthy();
      expect(status.firmware).toBeTruthy();
      expect(status.vendor_endpoint).toBeTruthy();
    }
  });

  it('publishes schema-valid telemetry on a timer, each controller on its own topic', async () => {
    const seen: TelemetryMessage[] = [];
    for (const mac of MACS) {
      const msg = await broker.messages.waitFor(from(mac, 'telemetry'), `telemetry of ${mac}`);
      expect(msg.qos).toBe(1);
      const telemetry = telemetryMessage.parse(json(msg));
      expect(telemetry.racks.map((r) => r.ref)).toEqual(['A', 'B']);
      expect(telemetry.racks[0]?.points.map((p) => p.addr)).toEqual([
        'A.SUCT',
        'A.DISCH',
        'A.CASE1',
        'A.CASE2',
        'A.CASE3',
        'A.COMP1',
      ]);
      seen.push(telemetry);
    }
    expect(new Set(seen.map((t) => t.msg_id)).size).toBe(seen.length);
    // Nothing was published anywhere a device may not publish.
    const foreign = broker.messages.items.filter(
      (m) => !MACS.some((mac) => m.topic.startsWith(`rcm/v1/${compactMac(mac)}/`)),
    );
    expect(foreign).toEqual([]);
  });

  it('publishNow resolves only once the broker acknowledged (PUBACK)', async () => {
    const topic = deviceTopic(MAC1, 'telemetry');
    const since = broker.held.items.length;
    const ackedBefore = fleet.stats().acked;
    broker.holdPublishes((t) => t === topic);
    const publishing = track(fleet.publishNow(MAC1));
    try {
      await broker.held.waitFor((h) => h.topic === topic, 'the held publish', { since });
      // The broker has the message but has not answered: the promise must still be open.
      // A publish that did not wait for the answer settled before the request even left the process.
      expect(publishing.settled).toBe(false);
    } finally {
      broker.holdPublishes(null);
      for (const h of broker.held.items.slice(since)) h.release();
    }
    await publishing.promise;
    expect(fleet.stats().acked).toBeGreaterThan(ackedBefore);
  });

  it('malformed sends exactly one unparsable telemetry payload, then valid telemetry again', async () => {
    const since = broker.messages.items.length;
    fleet.inject(MAC2, 'malformed');
    await fleet.publishNow(MAC2);
    const bad = await broker.messages.waitFor((m) => from(MAC2, 'telemetry')(m) && !parses(m), 'malformed', { since });
    expect(bad.payload.startsWith('{"msg_id":')).toBe(true);
    const badAt = broker.messages.items.indexOf(bad);
    await fleet.publishNow(MAC2);
    const good = await broker.messages.waitFor((m) => from(MAC2, 'telemetry')(m) && parses(m), 'valid telemetry', {
      since: badAt + 1,
    });
    expect(telemetryMessage.safeParse(json(good)).success).toBe(true);
    const unparsable = broker.messages.items.slice(since).filter((m) => from(MAC2, 'telemetry')(m) && !parses(m));
    expect(unparsable).toHaveLength(1);
    expect(fleet.controllers[1]?.faults()).toEqual([]);
  });

  it('raiseDeviceAlarm publishes a schema-valid alarm on the alarms topic', async () => {
    const alarm = {
      code: 'HIGH_CASE_TEMP',
      rack: 'A',
      addr: 'A.CASE1',
      severity: 'high',
      state: 'raised',
      reason: 'case above 41 °F',
    } as const;
    await fleet.raiseDeviceAlarm(MAC1, alarm);
    const msg = await broker.messages.waitFor(from(MAC1, 'alarms'), 'alarm');
    expect(deviceAlarmMessage.parse(json(msg))).toMatchObject(alarm);
  });

  it('offline drops the connection so the broker publishes the retained last will; clear reconnects', async () => {
    const since = broker.messages.items.length;
    fleet.inject(MAC3, 'offline');
    const will = await broker.messages.waitFor(
      (m) => m.topic === deviceTopic(MAC3, 'status') && m.payload === '{"online":false}',
      'last will',
      { since },
    );
    expect(will.retain).toBe(true);
    expect(fleet.controllers[2]?.online).toBe(false);
    await expect(fleet.publishNow(MAC3)).rejects.toThrow(/offline/);

    const retained = await observe(deviceTopic(MAC3, 'status'));
    const first = await retained.waitFor(() => true, 'retained status');
    expect(first).toEqual({ topic: deviceTopic(MAC3, 'status'), payload: '{"online":false}', retain: true });

    // Two more ticks of a healthy controller: the offline one had time to publish, and must not have.
    const willAt = broker.messages.items.indexOf(will);
    await broker.messages.waitFor(from(MAC1, 'telemetry'), 'a tick', { since: willAt + 1 });
    const tick = broker.messages.items.length;
    await broker.messages.waitFor(from(MAC1, 'telemetry'), 'another tick', { since: tick });
    expect(broker.messages.items.slice(willAt).filter(from(MAC3, 'telemetry'))).toEqual([]);

    const cleared = broker.messages.items.length;
    fleet.clear(MAC3, 'offline');
    const back = await broker.messages.waitFor(from(MAC3, 'status'), 'online again', { since: cleared });
    expect(statusMessage.parse(json(back)).online).toBe(true);
    await retained.waitFor((m) => m.payload.includes('"online":true'), 'observer sees the controller back');
    await broker.messages.waitFor(from(MAC3, 'telemetry'), 'telemetry again', { since: cleared });
    expect(fleet.controllers[2]?.online).toBe(true);
  });
});

describe('fleet over MQTT, a server that refuses for a while', () => {
  it('keeps trying after CONNACK "server unavailable" and is back once the server takes devices again', async () => {
    broker.refuseAll(true);
    try {
      const since = broker.logins.items.length;
      broker.dropAll();
      // Every controller is refused at least twice: it went on trying after the first refusal.
      for (const mac of MACS) {
        let refusals = 0;
        await broker.logins.waitFor(
          (l) => l.username === mac && !l.accepted && ++refusals === 2,
          `${mac} refused twice`,
          {
            since,
            timeoutMs: 15_000,
          },
        );
      }
    } finally {
      broker.refuseAll(false);
    }
    const back = broker.logins.items.length;
    for (const mac of MACS) {
      await broker.logins.waitFor((l) => l.username === mac && l.accepted, `${mac} back`, {
        since: back,
        timeoutMs: 15_000,
      });
      await broker.messages.waitFor(from(mac, 'telemetry'), `${mac} publishing again`, {
        since: broker.messages.items.length,
      });
    }
  });
});

describe('fleet over MQTT, refused', () => {
  it('rejects quickly with the broker reason when a key is wrong, closing the controllers that got in', async () => {
    const since = broker.disconnects.items.length;
    const start = startFleet({
      transport: 'mqtt',
      url: broker.url,
      controllers: [
        { mac: SPARE, key: keyOf(SPARE) },
        { mac: '02:53:00:00:00:99', key: 'not-the-key' },
      ],
    });
    await expect(start).rejects.toThrow(/02:53:00:00:00:99.*bad username or password \(CONNACK 4\)/);
    expect(broker.logins.items).toContainEqual({
      clientId: '025300000099',
      username: '02:53:00:00:00:99',
      accepted: false,
    });
    await broker.disconnects.waitFor((id) => id === compactMac(SPARE), 'the accepted controller to leave', { since });
  }, 5_000);

  it('rejects instead of hanging when nothing listens', async () => {
    const start = startFleet({ transport: 'mqtt', url: 'mqtt://127.0.0.1:1', controllers: [{ mac: SPARE, key: 'k' }] });
    await expect(start).rejects.toThrow(/ECONNREFUSED/);
  }, 5_000);
});

describe('fleet over MQTT, stopping', () => {
  it('publishes a retained offline status for every controller and disconnects cleanly', async () => {
    const since = broker.messages.items.length;
    await fleet.stop();
    for (const mac of MACS) {
      const msg = await broker.messages.waitFor(
        (m) => from(mac, 'status')(m) && m.payload === '{"online":false}',
        `offline status of ${mac}`,
        { since },
      );
      expect(msg.retain).toBe(true);
    }
    const everyone = await observe('rcm/v1/+/status');
    for (const mac of MACS) {
      await everyone.waitFor(
        (m) => m.topic === deviceTopic(mac, 'status') && m.retain && m.payload === '{"online":false}',
        `retained offline of ${mac}`,
      );
    }
    expect(fleet.controllers.every((c) => !c.online)).toBe(true);
    expect(broker.connectedClients()).toBe(observers.filter((o) => o.connected).length);
    // A second stop is harmless.
    await fleet.stop();
  });
});
