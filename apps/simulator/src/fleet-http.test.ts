import { compactMac, deviceAlarmMessage, statusMessage, telemetryMessage } from '@rcm/shared/device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fleet, startFleet } from './fleet.ts';
import { ingestUrl } from './http-link.ts';
import { type IngestRequest, startTestIngest, type TestIngest } from './testing/test-ingest-server.ts';
import { track } from './testing/wait-for.ts';

const MACS = ['02:53:00:00:01:01', '02:53:00:00:01:02'] as const;
const [MAC1, MAC2] = MACS;
const KEYS = new Map<string, string>(MACS.map((mac, i) => [compactMac(mac), `http-key-${i + 1}`]));
const keyOf = (mac: string) => KEYS.get(compactMac(mac)) ?? '';
const pathOf = (mac: string, channel: 'status' | 'telemetry' | 'alarms') =>
  `/api/ingest/v1/${compactMac(mac)}/${channel}`;
const to = (mac: string, channel: 'status' | 'telemetry' | 'alarms') => (r: IngestRequest) =>
  r.path === pathOf(mac, channel);

let ingest: TestIngest;
let fleet: Fleet;

beforeAll(async () => {
  ingest = await startTestIngest(KEYS);
  fleet = await startFleet({
    transport: 'http',
    // A trailing slash must not produce `//api`.
    url: `${ingest.url}/`,
    controllers: MACS.map((mac) => ({ mac, key: keyOf(mac), racks: 1, casesPerRack: 2 })),
    // Long enough that the timer stays out of the way of these tests.
    intervalMs: 600_000,
    seed: 2,
  });
});

afterAll(async () => {
  await fleet?.stop();
  await ingest?.close();
});

describe('fleet over HTTP', () => {
  it('builds ingest URLs from the base URL and the compact MAC', () => {
    expect(ingestUrl('http://h:3000/', MAC1, 'telemetry')).toBe('http://h:3000/api/ingest/v1/025300000101/telemetry');
  });

  it('posts the online status of every controller on start, with its device key', () => {
    for (const mac of MACS) {
      const req = ingest.requests.items.find(to(mac, 'status'));
      expect(req).toMatchObject({
        method: 'POST',
        authorization: `Device ${keyOf(mac)}`,
        contentType: 'application/json',
      });
      expect(statusMessage.parse(req?.body).online).toBe(true);
    }
  });

  it('publishNow posts schema-valid telemetry and resolves only after the 2xx', async () => {
    const since = ingest.held.items.length;
    ingest.hold((p) => p === pathOf(MAC1, 'telemetry'));
    const publishing = track(fleet.publishNow(MAC1));
    try {
      const held = await ingest.held.waitFor(() => true, 'held request', { since });
      expect(held.path).toBe(pathOf(MAC1, 'telemetry'));
      // A publish that did not wait for the answer settled before the request even left the process.
      expect(publishing.settled).toBe(false);
    } finally {
      ingest.hold(null);
      for (const h of ingest.held.items.slice(since)) h.release();
    }
    await publishing.promise;
    const req = ingest.requests.items.findLast(to(MAC1, 'telemetry'));
    const telemetry = telemetryMessage.parse(req?.body);
    expect(telemetry.racks.map((r) => r.points.map((p) => p.addr))).toEqual([
      ['A.SUCT', 'A.DISCH', 'A.CASE1', 'A.CASE2', 'A.COMP1'],
    ]);
    expect(req?.authorization).toBe(`Device ${keyOf(MAC1)}`);
  });

  it('rejects publishNow and counts a failure when the server answers 5xx', async () => {
    const before = fleet.stats();
    ingest.failWith(503);
    try {
      await expect(fleet.publishNow(MAC2)).rejects.toThrow(/HTTP 503/);
    } finally {
      ingest.failWith(null);
    }
    const after = fleet.stats();
    expect(after.failed).toBe(before.failed + 1);
    expect(after.published).toBe(before.published + 1);
    expect(after.acked).toBe(before.acked);
  });

  it('malformed posts one invalid JSON body, then valid telemetry again', async () => {
    const since = ingest.requests.items.length;
    fleet.inject(MAC2, 'malformed');
    await expect(fleet.publishNow(MAC2)).rejects.toThrow(/HTTP 400/);
    await fleet.publishNow(MAC2);
    const sent = ingest.requests.items.slice(since).filter(to(MAC2, 'telemetry'));
    expect(sent.map((r) => r.body === undefined)).toEqual([true, false]);
    expect(sent[0]?.raw.startsWith('{"msg_id":')).toBe(true);
    expect(telemetryMessage.safeParse(sent[1]?.body).success).toBe(true);
  });

  it('raiseDeviceAlarm posts a schema-valid alarm', async () => {
    await fleet.raiseDeviceAlarm(MAC1, { code: 'RACK_MANUALLY_ON', rack: 'A', addr: 'A.COMP1', state: 'cleared' });
    const req = ingest.requests.items.findLast(to(MAC1, 'alarms'));
    expect(deviceAlarmMessage.parse(req?.body)).toMatchObject({ code: 'RACK_MANUALLY_ON', state: 'cleared' });
  });

  it('offline goes quiet; clearing it announces the controller again', async () => {
    const since = ingest.requests.items.length;
    fleet.inject(MAC2, 'offline');
    await expect(fleet.publishNow(MAC2)).rejects.toThrow(/offline/);
    expect(ingest.requests.items.slice(since).filter((r) => r.path.includes(compactMac(MAC2)))).toEqual([]);
    fleet.clear(MAC2, 'offline');
    const back = await ingest.requests.waitFor(to(MAC2, 'status'), 'status again', { since });
    expect(statusMessage.parse(back.body).online).toBe(true);
    await fleet.publishNow(MAC2);
  });

  it('tracks injected faults per rack and refuses racks the controller lacks', () => {
    expect(() => fleet.inject(MAC1, 'floodback', { rack: 'B' })).toThrow(/no rack 'B' \(has A\)/);
    expect(() => fleet.inject('02:53:00:00:09:09', 'floodback')).toThrow(/no simulated controller/);
    fleet.inject('025300000101', 'floodback');
    fleet.inject(MAC1, 'sensor_failure', { rack: 'A' });
    fleet.inject(MAC1, 'malformed');
    expect(fleet.controllers[0]?.faults()).toEqual([
      { kind: 'floodback', rack: 'A' },
      { kind: 'sensor_failure', rack: 'A' },
      { kind: 'malformed' },
    ]);
    fleet.clear(MAC1, 'floodback');
    expect(fleet.controllers[0]?.faults().map((f) => f.kind)).toEqual(['sensor_failure', 'malformed']);
    fleet.clear(MAC1);
    expect(fleet.controllers[0]?.faults()).toEqual([]);
  });

  it('refuses a fleet it cannot simulate before contacting anyone', async () => {
    const since = ingest.requests.items.length;
    const start = (controllers: { mac: string; key: string; racks?: number }[]) =>
      startFleet({ transport: 'http', url: ingest.url, controllers });
    await expect(start([{ mac: 'not-a-mac', key: 'k' }])).rejects.toThrow(/'not-a-mac' is not a MAC/);
    await expect(
      start([
        { mac: MAC1, key: 'k' },
        { mac: compactMac(MAC1), key: 'k' },
      ]),
    ).rejects.toThrow(/listed twice/);
    await expect(start([{ mac: MAC1, key: 'k', racks: 0 }])).rejects.toThrow(/racks must be an integer from 1 to 50/);
    expect(ingest.requests.items.length).toBe(since);
  });

  it('rejects startFleet with the server answer when the key is wrong', async () => {
    const start = startFleet({ transport: 'http', url: ingest.url, controllers: [{ mac: MAC1, key: 'wrong' }] });
    await expect(start).rejects.toThrow(/02:53:00:00:01:01.*HTTP 401/);
  });

  it('posts an offline status for every controller on stop', async () => {
    const since = ingest.requests.items.length;
    await fleet.stop();
    for (const mac of MACS) {
      const req = ingest.requests.items.slice(since).find(to(mac, 'status'));
      expect(req?.body).toEqual({ online: false });
    }
    await expect(fleet.publishNow(MAC1)).rejects.toThrow(/stopped/);
  });
});
