import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deviceAlarmMessage, statusMessage, telemetryMessage } from '@rcm/shared/device';
import { birthMessage, childStatusMessage, gatewayStatusMessage } from '@rcm/shared/gateway';
import { type BrokerMessage, startTestBroker, type TestBroker } from '@rcm/simulator/testing/test-broker';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from './gateway.ts';
import { GW_KEY, GW_MAC, testConfig, testSetup } from './testing/fixtures.ts';
import { simUnit, startModbusServer, type TestModbusServer } from './testing/modbus-server.ts';
import { waitFor } from './testing/wait-for.ts';

const GW = '024700000001';
const T = (rest: string) => `rcm/v1/${GW}/${rest}`;

let broker: TestBroker;
let modbus: TestModbusServer;
let gateway: RunningGateway | null = null;
let dir = '';
const logs: string[] = [];

beforeEach(async () => {
  broker = await startTestBroker(new Map([[GW_MAC, GW_KEY]]));
  modbus = await startModbusServer(
    new Map([
      [1, simUnit({ 2531: -45, 2543: -120, 1010: -30, 99: 20, 2006: 14, 2540: 1 })],
      [2, { ...simUnit(), dead: true }],
    ]),
  );
});

afterEach(async () => {
  await gateway?.stop();
  gateway = null;
  await broker.close();
  await modbus.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  logs.length = 0;
});

function start(key?: string | null) {
  const t = testConfig({
    mqttUrl: broker.url,
    modbusPort: modbus.port,
    units: [
      { unit: 1, profile: 'danfoss-ak-cc55' },
      { unit: 2, profile: 'generic-case' },
    ],
    ...(key !== undefined && { key }),
  });
  dir = t.dir;
  gateway = startGateway(testSetup(t.config), {
    log: (m) => logs.push(m),
    reconnectMs: 50,
    statusEveryMs: 60_000,
    keyCheckMs: 50,
  });
  return gateway;
}

const on = (topic: string) => (m: BrokerMessage) => m.topic === T(topic);
const json = (m: BrokerMessage) => JSON.parse(m.payload) as Record<string, unknown>;

describe('the gateway northbound', () => {
  it('speaks for its children: birth, statuses, telemetry and alarms in the device protocol', async () => {
    start();
    const birth = await broker.messages.waitFor(on('birth'), 'the birth');
    expect(birthMessage.parse(json(birth)).children).toEqual([
      {
        child: 'tcp1-1',
        bus: 'tcp1',
        unit_id: 1,
        endpoint: `127.0.0.1:${modbus.port}`,
        profile: 'danfoss-ak-cc55',
        profile_version: '1.0.0',
        name: 'Case 1',
      },
      {
        child: 'tcp1-2',
        bus: 'tcp1',
        unit_id: 2,
        endpoint: `127.0.0.1:${modbus.port}`,
        profile: 'generic-case',
        profile_version: '1.0.0',
        name: 'Case 2',
      },
    ]);
    expect(broker.logins.items).toContainEqual({ clientId: GW, username: GW_MAC, accepted: true });
    const telemetry = await broker.messages.waitFor(on('dev/tcp1-1/telemetry'), 'telemetry of unit 1');
    const t = telemetryMessage.parse(json(telemetry));
    expect(t.racks[0]?.points[0]).toEqual({
      addr: 'A.CASE1',
      name: 'Case 1',
      value: -4.5,
      unit: '°C',
      set_point: 2,
      status: 'defrost',
    });
    expect(t.racks[0]?.points.find((p) => p.addr === 'A.CASE1.evap')?.value).toBe(-12);
    const alarm = deviceAlarmMessage.parse(
      json(await broker.messages.waitFor(on('dev/tcp1-1/alarms'), 'the sum alarm')),
    );
    expect(alarm).toMatchObject({
      code: 'controller_alarm',
      state: 'raised',
      rack: 'A',
      addr: 'A.CASE1',
      severity: 'high',
    });
    const online = await broker.messages.waitFor(on('dev/tcp1-1/status'), 'unit 1 online');
    expect(statusMessage.parse(json(online))).toMatchObject({
      online: true,
      model: 'Danfoss AK-CC55 Compact (084B4081)',
      device_address: 'MODBUS:1',
    });
    expect(online.retain).toBe(true);
    const offline = await broker.messages.waitFor(on('dev/tcp1-2/status'), 'unit 2 offline');
    expect(childStatusMessage.parse(json(offline))).toEqual({ online: false, reason: 'no_response' });
    const status = gatewayStatusMessage.parse(json(await broker.messages.waitFor(on('status'), 'the gateway status')));
    expect(status).toMatchObject({ online: true, kind: 'gateway', agent: { version: '0.1.0' } });
    expect(broker.messages.items.every((m) => m.topic.startsWith(`rcm/v1/${GW}/`) && m.qos === 1)).toBe(true);
  });

  it('leaves a Last Will: the broker says the gateway is offline when its connection is lost', async () => {
    start();
    await broker.messages.waitFor(on('birth'), 'the birth');
    const since = broker.messages.items.length;
    broker.dropAll();
    const will = await broker.messages.waitFor((m) => on('status')(m) && json(m).online === false, 'the last will', {
      since,
    });
    expect(will.retain).toBe(true);
  });

  it('announces with the provisioning key, keeps its readings until its key is on disk, then sends them', async () => {
    const credentials = new Map([[GW_MAC, 'fleet-key']]);
    await broker.close();
    broker = await startTestBroker(credentials);
    start(null);
    await broker.messages.waitFor(on('birth'), 'the birth, with the provisioning key');
    await waitFor(() => (gateway?.status().outbox.depth ?? 0) >= 5, 'readings kept in the outbox');
    expect(broker.messages.items.some((m) => m.topic.includes('/dev/') && !m.topic.endsWith('/status'))).toBe(false);
    expect(broker.logins.items[0]).toEqual({ clientId: GW, username: GW_MAC, accepted: true });
    // Authorized: the console showed the device key once and the installer saved it.
    credentials.set(GW_MAC, 'the-new-device-key');
    const since = broker.messages.items.length;
    writeFileSync(join(dir, 'device.key'), 'the-new-device-key\n');
    await waitFor(() => gateway?.status().outbox.depth === 0, 'the kept readings sent with the key');
    const sent = broker.messages.items.slice(since).filter(on('dev/tcp1-1/telemetry')).map(json);
    expect(sent.filter((m) => m.historical === true).length).toBeGreaterThanOrEqual(2);
    expect(broker.logins.items.at(-1)).toEqual({ clientId: GW, username: GW_MAC, accepted: true });
    expect(logs).toContain(`device key found in ${join(dir, 'device.key')}: connecting with it`);
  });

  it('keeps polling through an outage and then sends the current state first, then the backlog oldest first, once each', async () => {
    start();
    await broker.messages.waitFor(on('dev/tcp1-1/telemetry'), 'live telemetry');
    // Everything sent so far acknowledged: mqtt.js would send again a message in flight at the drop.
    await waitFor(() => gateway?.status().outbox.depth === 0, 'the first messages acknowledged');
    broker.refuseAll(true);
    broker.dropAll();
    await waitFor(() => (gateway?.status().outbox.depth ?? 0) >= 10, 'ten readings kept during the outage');
    // During the outage the sum alarm clears and is raised again: open when the console returns.
    const depth = () => gateway?.status().outbox.depth ?? 0;
    const sumAlarm = modbus.units.get(1)?.registers as Map<number, number>;
    sumAlarm.set(2540, 0);
    const d1 = depth();
    await waitFor(() => depth() >= d1 + 3, 'polls that see the alarm cleared');
    sumAlarm.set(2540, 1);
    const d2 = depth();
    await waitFor(() => depth() >= d2 + 3, 'polls that see it raised again');
    const since = broker.messages.items.length;
    broker.refuseAll(false);
    await waitFor(() => gateway?.status().outbox.depth === 0, 'the outbox drained');
    const after = broker.messages.items.slice(since).filter((m) => m.clientId === GW);
    const telemetry = after.filter(on('dev/tcp1-1/telemetry')).map(json);
    // First on the new connection: the birth and the statuses, then the current reading, not historical.
    expect(after[0]?.topic).toBe(T('birth'));
    const firstTelemetry = telemetry[0];
    expect(firstTelemetry?.historical).toBeUndefined();
    const historical = telemetry.filter((m) => m.historical === true);
    expect(historical.length).toBeGreaterThanOrEqual(9);
    const times = historical.map((m) => String(m.ts));
    expect([...times].sort()).toEqual(times);
    // The current reading is the newest of the outage: every historical one is older.
    expect(times.every((ts) => ts <= String(firstTelemetry?.ts))).toBe(true);
    const ids = telemetry.map((m) => m.msg_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(logs.some((l) => /^replaying \d+ messages kept while the console was away$/.test(l))).toBe(true);
    // The open alarm's last word goes with the current state, ahead of the backlog; its clearing is history.
    const alarms = after.filter(on('dev/tcp1-1/alarms')).map(json);
    expect(alarms.map((a) => [a.state, a.historical ?? false])).toEqual([
      ['raised', false],
      ['cleared', true],
    ]);
    const raisedAt = after.findIndex((m) => on('dev/tcp1-1/alarms')(m) && json(m).state === 'raised');
    const firstHistorical = after.findIndex((m) => json(m).historical === true);
    expect(raisedAt).toBeLessThan(firstHistorical);
  });
});
