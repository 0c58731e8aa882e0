import { GW_MAC } from '@rcm/gateway/src/testing/fixtures.ts';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../test/faults.ts';
import {
  api,
  authorizeGateway,
  connectAs,
  controllerByMac,
  GW,
  rows,
  stopGateway,
  store,
  useGatewayConsole,
} from '../../test/gateway-console.ts';

// A gateway authorized into its store, then stopped: the tests publish as it, from its outbox.
useGatewayConsole();
beforeAll(async () => {
  await authorizeGateway();
  await stopGateway();
});

describe('historical messages (a gateway’s backlog after an outage)', () => {
  let client: MqttClient;
  let newKey = '';
  let child = 0;
  let gatewayId = 0;
  // Hours back: clear of the gateway's own readings since it started (a case point does not judge a
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
