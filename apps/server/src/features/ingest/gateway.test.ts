import { rmSync, writeFileSync } from 'node:fs';
import { type RunningGateway, startGateway } from '@rcm/gateway/src/gateway.ts';
import { GW_MAC, testConfig, testSetup } from '@rcm/gateway/src/testing/fixtures.ts';
import {
  type SimUnit,
  simUnit,
  startModbusServer,
  type TestModbusServer,
} from '@rcm/gateway/src/testing/modbus-server.ts';
import { compactMac } from '@rcm/shared/device';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { login } from '../../test/app.ts';
import { waitFor } from '../../test/faults.ts';
import { createTestServer, TEST_PROVISIONING_KEY, type TestServer } from '../../test/server.ts';
import { sweepOffline } from './pipeline/offline-sweeper.ts';

// The real store gateway (apps/gateway) against the console's embedded broker, reading two Danfoss
// AK-CC55 units on modbus-serial's own Modbus TCP server. Unit 1's air temperature is 3.0 °C (u17 at
// 2531, × 0.1), its state ok (u00 at 2006).
const GW = compactMac(GW_MAC);

let server: TestServer;
let modbus: TestModbusServer;
let gateway: RunningGateway | null = null;
let keyFile = '';
let dir = '';
const tokens: Record<string, string> = {};
/** The other organization's store the gateway is authorized into (Valle Verde Centro). */
let store: { organization_id: number; location_id: number };
const pending: { id: number; kind: string; children: number | null }[] = [];

const api = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[who]}` } });

async function rows<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return query<T>(server.database.db, statement);
}

async function controllerByMac(mac: string) {
  const [row] = await rows<{ id: number; authorised: boolean; online: boolean; offline_reason: string | null }>(
    sql`select id, authorised, online, offline_reason from controllers where mac_address = ${mac} and decommissioned_at is null`,
  );
  return row;
}

beforeAll(async () => {
  server = await createTestServer();
  for (const who of ['admin', 'manager']) tokens[who] = await login(server.app, `${who}@example.com`);
  const [loc] = await rows<{ organization_id: number; location_id: number }>(
    sql`select organization_id, id as location_id from locations where name = 'Valle Verde Centro'`,
  );
  if (!loc) throw new Error('the demo has no Valle Verde Centro');
  store = loc;
  server.bus.on('controller.pending', (c) => pending.push({ id: c.id, kind: c.kind, children: c.children }));
  modbus = await startModbusServer(
    new Map([
      [1, simUnit({ 2531: 30, 2543: -100, 1010: -20, 99: 20, 2006: 0, 2540: 0 })],
      [2, simUnit({ 2531: 25, 2543: -100, 1010: -20, 99: 20, 2006: 0, 2540: 0 })],
    ]),
  );
  const t = testConfig({
    mqttUrl: `mqtt://127.0.0.1:${server.mqttPort}`,
    modbusPort: modbus.port,
    units: [
      { unit: 1, profile: 'danfoss-ak-cc55' },
      { unit: 2, profile: 'danfoss-ak-cc55' },
    ],
    key: null,
  });
  dir = t.dir;
  keyFile = t.config.console.key_file;
  t.config.console.provisioning_key = TEST_PROVISIONING_KEY;
  // A dead unit is tried again within a second (not a minute): the test waits for it to come back.
  for (const bus of t.config.buses) bus.backoff_s = 1;
  // The case point's address as the console's case rules know it (CASE*).
  t.config.devices.forEach((d) => {
    d.addr = `A.CASE${d.unit_id}`;
  });
  gateway = startGateway(testSetup(t.config), {
    log: () => undefined,
    reconnectMs: 100,
    statusEveryMs: 300,
    keyCheckMs: 100,
  });
});

afterAll(async () => {
  await gateway?.stop();
  await modbus?.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a store gateway through the console', () => {
  let gatewayId = 0;
  let child1 = 0;
  let child2 = 0;

  it('announces itself with the provisioning key; its birth makes its children pending with it, confirmed live', async () => {
    const gw = await waitFor('the pending gateway', 10_000, () => controllerByMac(GW_MAC));
    gatewayId = gw.id;
    expect(gw.authorised).toBe(false);
    await waitFor('the birth event', 10_000, async () =>
      pending.some((p) => p.id === gatewayId && p.kind === 'gateway' && p.children === 2),
    );
    const list = (await api('admin', 'GET', '/api/controllers/unauthorised')).json().data;
    expect(list).toContainEqual({ id: gatewayId, mac_address: GW_MAC, name: null, kind: 'gateway', children: 2 });
    // The children are authorized with their gateway: not listed on their own.
    expect(list.filter((c: { mac_address: string }) => c.mac_address.startsWith(`${GW_MAC}/`))).toEqual([]);
    const children = (await api('admin', 'GET', `/api/controllers?gateway_id=${gatewayId}`)).json().data;
    expect(children.map((c: { mac_address: string; authorised: boolean }) => [c.mac_address, c.authorised])).toEqual([
      [`${GW_MAC}/tcp1-1`, false],
      [`${GW_MAC}/tcp1-2`, false],
    ]);
    // Nothing a pending gateway's child sends is stored.
    const [n] = await rows<{ n: number }>(
      sql`select count(*)::int as n from readings r join controllers c on c.id = r.controller_id where c.gateway_id = ${gatewayId}`,
    );
    expect(n?.n).toBe(0);
    // A child cannot be authorized on its own.
    const childId = children[0].id as number;
    const alone = await api('admin', 'POST', `/api/controllers/${childId}/authorise`, { ...store, name: 'Case' });
    expect(alone.statusCode).toBe(409);
  });

  it('is authorized into a store with its children; a child reading arrives as the child’s', async () => {
    const res = await api('admin', 'POST', `/api/controllers/${gatewayId}/authorise`, {
      ...store,
      name: 'Store gateway',
    });
    expect(res.statusCode).toBe(200);
    writeFileSync(keyFile, `${res.json().data.device_key}\n`);
    const c1 = await waitFor('child 1 online', 15_000, async () => {
      const c = await controllerByMac(`${GW_MAC}/tcp1-1`);
      return c?.online ? c : null;
    });
    child1 = c1.id;
    child2 = (await controllerByMac(`${GW_MAC}/tcp1-2`))?.id ?? 0;
    // A child has no key of its own.
    expect((await api('admin', 'POST', `/api/controllers/${child1}/rotate-key`)).statusCode).toBe(409);
    const detail = (await api('admin', 'GET', `/api/controllers/${child1}`)).json().data;
    expect(detail).toMatchObject({
      kind: 'controller',
      gateway: { id: gatewayId, mac_address: GW_MAC, name: 'Store gateway' },
      bus: 'tcp1',
      device_address: '1',
      vendor_endpoint_address: `127.0.0.1:${modbus.port}`,
      device_model: 'danfoss-ak-cc55',
      name: 'Case 1',
      authorised: true,
      organisation: { id: store.organization_id },
      location: { id: store.location_id },
      offline_reason: null,
      gateway_status: null,
    });
    const reading = await waitFor('a reading of child 1', 10_000, async () => {
      const [r] = await rows<{ value: number }>(
        sql`select value from readings where controller_id = ${child1} and key = 'A.CASE1' order by ts desc limit 1`,
      );
      return r;
    });
    expect(reading.value).toBe(3);
    const racks = (await api('admin', 'GET', `/api/controllers/${child1}/racks`)).json().data;
    expect(racks[0].points.find((p: { addr: string }) => p.addr === 'A.CASE1')).toMatchObject({
      value: 3,
      unit: '°C',
      set_point: 2,
      status: 'ok',
    });
  });

  it('shows the gateway’s status on its page, each child with its controller', async () => {
    const status = await waitFor('the gateway status', 10_000, async () => {
      const d = (await api('admin', 'GET', `/api/controllers/${gatewayId}`)).json().data;
      return d.gateway_status?.children.every((k: { online: boolean }) => k.online) ? d : null;
    });
    expect(status.kind).toBe('gateway');
    expect(status.gateway_status).toMatchObject({
      agent_version: '0.1.0',
      buses: [{ name: 'tcp1', endpoint: `127.0.0.1:${modbus.port}` }],
      outbox: { dropped: 0 },
    });
    expect(
      status.gateway_status.children.map((k: { child: string; controller_id: number; name: string }) => [
        k.child,
        k.controller_id,
        k.name,
      ]),
    ).toEqual([
      ['tcp1-1', child1, 'Case 1'],
      ['tcp1-2', child2, 'Case 2'],
    ]);
    expect(status.gateway_status.buses[0].requests).toBeGreaterThan(0);
    expect(Date.parse(status.gateway_status.received_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('the readings kept while it waited for its key arrive once each, and raise nothing as new', async () => {
    const [dups] = await rows<{ n: number }>(
      sql`select count(*)::int as n from (select ts from readings where controller_id = ${child1} and key = 'A.CASE1'
          group by ts having count(*) > 1) d`,
    );
    expect(dups?.n).toBe(0);
    const [pages] = await rows<{ n: number }>(
      sql`select count(*)::int as n from notification_outbox o join alarms a on a.id = o.alarm_id
          where a.controller_id in (${child1}, ${child2})`,
    );
    expect(pages?.n).toBe(0);
  });

  it('hides a gateway and its children from another organization’s user', async () => {
    expect((await api('manager', 'GET', `/api/controllers/${gatewayId}`)).statusCode).toBe(404);
    expect((await api('manager', 'GET', `/api/controllers/${child1}`)).statusCode).toBe(404);
    const list = (await api('manager', 'GET', `/api/controllers?gateway_id=${gatewayId}`)).json();
    expect(list.data).toEqual([]);
    expect((await api('admin', 'GET', `/api/controllers?gateway_id=${gatewayId}`)).json().meta.total).toBe(2);
  });

  it('a unit that stops answering makes its child offline with no_response; the offline alarm follows', async () => {
    (modbus.units.get(2) as SimUnit).dead = true;
    await waitFor('child 2 offline', 15_000, async () => {
      const c = await controllerByMac(`${GW_MAC}/tcp1-2`);
      return c && !c.online && c.offline_reason === 'no_response';
    });
    const listed = (await api('admin', 'GET', `/api/controllers?gateway_id=${gatewayId}`)).json().data;
    expect(listed.find((c: { id: number }) => c.id === child2)).toMatchObject({
      online: false,
      offline_reason: 'no_response',
    });
    // The offline sweep, eleven minutes on: the child has said nothing since.
    await server.database.db.transaction((tx) => sweepOffline(tx, new Date(Date.now() + 11 * 60_000)));
    const [alarm] = await rows<{ code: string }>(
      sql`select t.code from alarms a join alarm_types t on t.id = a.alarm_type_id
          where a.controller_id = ${child2} and a.status <> 'cleared'`,
    );
    expect(alarm?.code).toBe('CONTROLLER_OFFLINE');
    // Back with its next good poll: online, its reason gone, the offline alarm cleared.
    (modbus.units.get(2) as SimUnit).dead = false;
    await waitFor('child 2 back', 20_000, async () => {
      const c = await controllerByMac(`${GW_MAC}/tcp1-2`);
      return c?.online && c.offline_reason === null;
    });
    await waitFor('the offline alarm cleared', 10_000, async () => {
      const [open] = await rows<{ n: number }>(
        sql`select count(*)::int as n from alarms where controller_id = ${child2} and status <> 'cleared'`,
      );
      return open?.n === 0;
    });
  }, 60_000);

  it('a re-keyed gateway loses its connection at once: its Last Will makes every child offline', async () => {
    for (const id of [child1, child2])
      await waitFor(
        'the children online',
        10_000,
        async () => (await controllerByMac(`${GW_MAC}/tcp1-${id === child1 ? 1 : 2}`))?.online,
      );
    const res = await api('admin', 'POST', `/api/controllers/${gatewayId}/rotate-key`);
    expect(res.statusCode).toBe(200);
    await waitFor('the children offline', 10_000, async () => {
      const list = await rows<{ online: boolean; offline_reason: string | null }>(
        sql`select online, offline_reason from controllers where gateway_id = ${gatewayId} and decommissioned_at is null`,
      );
      return list.length === 2 && list.every((c) => !c.online && c.offline_reason === 'gateway_offline');
    });
    expect((await controllerByMac(GW_MAC))?.online).toBe(false);
    // The old key is refused: nothing more arrives from its children.
    await gateway?.stop();
    gateway = null;
  });
});

/** A client signed in as the gateway (its new key), publishing as it would from its outbox. */
async function connectAs(key: string): Promise<MqttClient> {
  const client = mqtt.connect(`mqtt://127.0.0.1:${server.mqttPort}`, {
    clientId: GW,
    username: GW_MAC,
    password: key,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return client;
}

describe('historical messages (a gateway’s backlog after an outage)', () => {
  let client: MqttClient;
  let newKey = '';
  let child = 0;
  let gatewayId = 0;
  // Hours back: clear of the gateway's own backlog of the first tests (a case point does not judge a
  // reading a little older than its newest).
  const base = Date.now() - 3 * 60 * 60_000;
  const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
  const reading = (id: string, minutes: number | Date, celsius: number, historical = true) => ({
    msg_id: id,
    ts: minutes instanceof Date ? minutes.toISOString() : at(minutes),
    ...(historical && { historical: true }),
    racks: [{ ref: 'A', metrics: {}, points: [{ addr: 'A.CASE1', name: 'Case 1', value: celsius, unit: '°C' }] }],
  });
  const publish = (channel: string, body: object) =>
    client.publishAsync(`rcm/v1/${GW}/dev/tcp1-1/${channel}`, JSON.stringify(body), { qos: 1 });

  beforeAll(async () => {
    gatewayId = (await controllerByMac(GW_MAC))?.id ?? 0;
    child = (await controllerByMac(`${GW_MAC}/tcp1-1`))?.id ?? 0;
    const res = await api('admin', 'POST', `/api/controllers/${gatewayId}/rotate-key`);
    newKey = res.json().data.device_key;
    client = await connectAs(newKey);
  });
  afterAll(async () => {
    await client?.endAsync();
  });

  const alarmsOf = (code: string) =>
    rows<{ id: number; status: string; historical: boolean; raised_at: Date; cleared_at: Date | null }>(
      sql`select a.id, a.status, a.historical, a.raised_at, a.cleared_at from alarms a join alarm_types t on t.id = a.alarm_type_id
          where a.controller_id = ${child} and t.code = ${code} order by a.id`,
    );

  it('records a real excursion of the backlog at its own times, marked historical, and pages nobody', async () => {
    // 0–4 min normal, 5–14 min at 9 °C (48 °F: over 41 °F for longer than the 5 minutes' delay), then normal.
    for (let m = 0; m <= 20; m++) await publish('telemetry', reading(`h-${m}`, m, m >= 5 && m < 15 ? 9 : 3));
    const [alarm, ...more] = await alarmsOf('CASE_HIGH_TEMP');
    expect(more).toEqual([]);
    expect(alarm).toMatchObject({ status: 'cleared', historical: true });
    expect(new Date(alarm?.raised_at ?? 0).toISOString()).toBe(at(10));
    expect(new Date(alarm?.cleared_at ?? 0).toISOString()).toBe(at(15));
    const [pages] = await rows<{ n: number }>(
      sql`select count(*)::int as n from notification_outbox where alarm_id = ${alarm?.id ?? 0}`,
    );
    expect(pages?.n).toBe(0);
    const summary = (
      await api(
        'admin',
        'GET',
        `/api/alarms/${(await rows<{ ref: number }>(sql`select ref from alarms where id = ${alarm?.id ?? 0}`))[0]?.ref}`,
      )
    ).json().data;
    expect(summary.historical).toBe(true);
    // Every reading once, with its own time; the live state is not an old reading.
    const stored = await rows<{ ts: Date }>(
      sql`select ts from readings where controller_id = ${child} and key = 'A.CASE1' and ts <= ${at(20)}::timestamptz order by ts`,
    );
    expect(stored.map((r) => new Date(r.ts).toISOString())).toEqual(Array.from({ length: 21 }, (_, m) => at(m)));
  });

  it('stores a replay once', async () => {
    await publish('telemetry', reading('h-7', 7, 9));
    await publish('telemetry', reading('h-7', 7, 9));
    const [n] = await rows<{ n: number }>(
      sql`select count(*)::int as n from readings where controller_id = ${child} and key = 'A.CASE1' and ts = ${at(7)}::timestamptz`,
    );
    expect(n?.n).toBe(1);
  });

  it('never lets a historical clear end a live alarm, nor a historical raise page', async () => {
    // A live device alarm, then the backlog's raise and clear of the same code from before it.
    await publish('alarms', { msg_id: 'live-1', ts: new Date().toISOString(), code: 'HP_CUT', state: 'raised' });
    const [live] = await alarmsOf('DEVICE_ALARM');
    expect(live).toMatchObject({ status: 'active', historical: false });
    await publish('alarms', { msg_id: 'old-1', ts: at(30), code: 'HP_CUT', state: 'raised', historical: true });
    await publish('alarms', { msg_id: 'old-2', ts: at(31), code: 'HP_CUT', state: 'cleared', historical: true });
    const after = await alarmsOf('DEVICE_ALARM');
    expect(after.find((a) => a.id === live?.id)?.status).toBe('active');
    // A historical alarm raised and cleared inside the backlog, apart from the live one, is recorded.
    await publish('alarms', { msg_id: 'old-3', ts: at(40), code: 'LP_CUT', state: 'raised', historical: true });
    await publish('alarms', { msg_id: 'old-4', ts: at(42), code: 'LP_CUT', state: 'cleared', historical: true });
    const recorded = (await alarmsOf('DEVICE_ALARM')).filter((a) => a.historical);
    expect(recorded.map((a) => [a.status, new Date(a.cleared_at ?? 0).toISOString()])).toEqual([['cleared', at(42)]]);
    const [pages] = await rows<{ n: number }>(
      sql`select count(*)::int as n from notification_outbox o join alarms a on a.id = o.alarm_id
          where a.controller_id = ${child} and a.historical`,
    );
    expect(pages?.n).toBe(0);
  });

  it('a live reading newer than the backlog stays the latest state', async () => {
    await publish('telemetry', reading('live-r', new Date(), 4, false));
    await publish('telemetry', reading('h-late', 50, 7));
    const racks = (await api('admin', 'GET', `/api/controllers/${child}/racks`)).json().data;
    expect(racks[0].points.find((p: { addr: string }) => p.addr === 'A.CASE1').value).toBe(4);
  });

  it('an alarm the backlog leaves open is cleared by the live readings, and paged once it holds live', async () => {
    // A case excursion still going at the backlog's end: recorded open, historical.
    for (let m = 52; m <= 58; m++) await publish('telemetry', reading(`h2-${m}`, m, 9));
    const open = (await alarmsOf('CASE_HIGH_TEMP')).filter((a) => a.status !== 'cleared');
    expect(open.map((a) => a.historical)).toEqual([true]);
    // The live reading says it is over: resolved now, nobody paged.
    await publish('telemetry', reading('live-r2', new Date(), 3, false));
    const ended = (await alarmsOf('CASE_HIGH_TEMP')).find((a) => a.id === open[0]?.id);
    expect(ended?.status).toBe('cleared');
    // A device alarm the backlog leaves raised, and then raised live: it becomes a live alarm, paged.
    await publish('alarms', { msg_id: 'old-5', ts: at(59), code: 'DOOR_ALARM', state: 'raised', historical: true });
    const [door] = await rows<{ id: number; historical: boolean }>(
      sql`select id, historical from alarms where controller_id = ${child} and subject = 'DOOR_ALARM'`,
    );
    expect(door?.historical).toBe(true);
    await publish('alarms', { msg_id: 'live-2', ts: new Date().toISOString(), code: 'DOOR_ALARM', state: 'raised' });
    const [now] = await rows<{ historical: boolean; pages: number }>(
      sql`select historical, (select count(*)::int from notification_outbox o where o.alarm_id = a.id) as pages
          from alarms a where id = ${door?.id ?? 0}`,
    );
    expect(now).toEqual({ historical: false, pages: 1 });
  });

  it('a child added to its config later appears in its store; a child an administrator moved stays moved', async () => {
    const [other] = await rows<{ id: number }>(sql`select id from locations where name = 'Valle Verde Cumbres'`);
    const moved = await api('admin', 'PATCH', `/api/controllers/${child}`, {
      name: 'Case 1',
      store_alias: null,
      location_id: other?.id,
      device_model: 'danfoss-ak-cc55',
      vendor_endpoint: null,
      warranty_expiry: null,
      secure_mode: true,
    });
    expect(moved.statusCode).toBe(200);
    const named = (n: number) => ({
      child: `tcp1-${n}`,
      bus: 'tcp1',
      unit_id: n,
      endpoint: '127.0.0.1:1502',
      profile: 'carel-ir33',
      profile_version: '1.0.0',
      name: `Case ${n}`,
    });
    await client.publishAsync(
      `rcm/v1/${GW}/birth`,
      JSON.stringify({
        msg_id: 'birth-2',
        ts: new Date().toISOString(),
        agent: { version: '0.1.0' },
        children: [named(1), named(2), named(3)],
      }),
      { qos: 1 },
    );
    const children = await rows<{
      mac_address: string;
      authorised: boolean;
      location_id: number;
      device_model: string;
    }>(
      sql`select mac_address, authorised, location_id, device_model from controllers
          where gateway_id = ${gatewayId} and decommissioned_at is null order by mac_address`,
    );
    expect(children).toEqual([
      { mac_address: `${GW_MAC}/tcp1-1`, authorised: true, location_id: other?.id, device_model: 'carel-ir33' },
      { mac_address: `${GW_MAC}/tcp1-2`, authorised: true, location_id: store.location_id, device_model: 'carel-ir33' },
      { mac_address: `${GW_MAC}/tcp1-3`, authorised: true, location_id: store.location_id, device_model: 'carel-ir33' },
    ]);
    // A gateway publishes only under its own prefix: another gateway's child topic is refused (connection closed).
    const refused = await connectAs(newKey);
    const closed = new Promise<void>((resolve) => refused.once('close', () => resolve()));
    refused.publish(`rcm/v1/024700000002/dev/tcp1-1/status`, '{"online":true}', { qos: 1 });
    await closed;
    refused.end(true);
    client = await connectAs(newKey);
  });

  it('decommissioning the gateway takes its children with it (their history kept) and ends its connection', async () => {
    const res = await api('admin', 'DELETE', `/api/controllers/${gatewayId}`);
    expect(res.statusCode).toBe(204);
    const children = await rows<{ decommissioned: boolean }>(
      sql`select decommissioned_at is not null as decommissioned from controllers where gateway_id = ${gatewayId}`,
    );
    expect(children.map((c) => c.decommissioned)).toEqual([true, true, true]);
    await waitFor('the connection ended', 5_000, async () => !client.connected);
    const [kept] = await rows<{ n: number }>(
      sql`select count(*)::int as n from readings where controller_id = ${child}`,
    );
    expect(kept?.n).toBeGreaterThan(0);
    expect((await api('admin', 'GET', `/api/controllers/${child}`)).statusCode).toBe(404);
  });
});
