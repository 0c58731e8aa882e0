import { writeFileSync } from 'node:fs';
import { GW_MAC } from '@rcm/gateway/src/testing/fixtures.ts';
import type { SimUnit } from '@rcm/gateway/src/testing/modbus-server.ts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../test/faults.ts';
import {
  api,
  controllerByMac,
  keyFile,
  modbus,
  pending,
  rows,
  server,
  stopGateway,
  store,
  useGatewayConsole,
} from '../../test/gateway-console.ts';
import { sweepOffline } from './pipeline/offline-sweeper.ts';
import { createOfflineSweeperRepo } from './pipeline/offline-sweeper-repo.ts';

const sweeps = createOfflineSweeperRepo();

useGatewayConsole();

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
    await server.database.db.transaction((tx) => sweepOffline(sweeps, tx, new Date(Date.now() + 11 * 60_000)));
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
    await stopGateway();
  });
});
