import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { login } from '../../test/app.ts';
import { connectDevice } from '../../test/device.ts';
import { headers } from '../../test/helpers.ts';
import { createTestServer, TEST_PROVISIONING_KEY, type TestServer } from '../../test/server.ts';

// A controller's whole life: announced, rejected, announced again, authorized, addressed, given a new
// key, moved, decommissioned, and announced once more by the same hardware.
const MAC = '02:99:00:00:0a:01';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await createTestServer();
  for (const who of ['admin', 'manager', 'technician']) tokens[who] = await login(server.app, `${who}@example.com`);
});
afterAll(async () => {
  await server?.stop();
});

const call = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: headers(tokens[who], 'es-MX'), ...(payload ? { payload } : {}) });

async function pendingId(): Promise<number | undefined> {
  const list = (await call('admin', 'GET', '/api/controllers/unauthorised')).json();
  return list.data.find((c: { mac_address: string }) => c.mac_address === MAC)?.id;
}

async function announce(): Promise<number> {
  const device = await connectDevice(server.mqttPort ?? 0, MAC, TEST_PROVISIONING_KEY);
  await device.end();
  const id = await pendingId();
  if (!id) throw new Error('not announced');
  return id;
}

const ingestStatus = (key: string, body: object) =>
  server.app.inject({
    method: 'POST',
    url: `/api/ingest/v1/${MAC.replaceAll(':', '')}/status`,
    // Authorized controllers start in secure mode: their key comes through TLS (a proxy in front).
    headers: { authorization: `Device ${key}`, 'x-forwarded-proto': 'https' },
    payload: body,
  });

describe('a controller from announcement to decommissioning', () => {
  let id = 0;
  let key = '';

  it('a rejected pending controller leaves the list, and is pending again when it announces itself again', async () => {
    const first = await announce();
    expect((await call('manager', 'DELETE', `/api/controllers/${first}`)).statusCode).toBe(404);
    expect((await call('technician', 'DELETE', `/api/controllers/${first}`)).statusCode).toBe(204);
    expect(await pendingId()).toBeUndefined();
    id = await announce();
    expect(id).not.toBe(first);
  });

  it('takes its address from its status and keeps it on the alarms it raises', async () => {
    const res = await call('admin', 'POST', `/api/controllers/${id}/authorise`, {
      organization_id: 2,
      location_id: 2,
      name: 'Lifecycle rack',
    });
    expect(res.statusCode).toBe(200);
    key = res.json().data.device_key;
    expect((await ingestStatus(key, { online: true, device_address: 'MODBUS:12' })).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/api/controllers/${id}`)).json().data.device_address).toBe('MODBUS:12');
    const raised = await server.app.inject({
      method: 'POST',
      url: `/api/ingest/v1/${MAC.replaceAll(':', '')}/alarms`,
      headers: { authorization: `Device ${key}`, 'x-forwarded-proto': 'https' },
      payload: {
        msg_id: 'life-1',
        ts: new Date().toISOString(),
        code: 'SENSOR_FAILURE',
        rack: 'A',
        addr: 'A.CASE1',
        severity: 'high',
        state: 'raised',
        reason: 'Probe open',
      },
    });
    expect(raised.statusCode).toBe(200);
    const [alarm] = await query<{ device_address: string }>(
      server.database.db,
      sql`select device_address from alarms where controller_id = ${id}`,
    );
    expect(alarm?.device_address).toBe('MODBUS:12');
    // An edit sets it too.
    const edited = await call('admin', 'PATCH', `/api/controllers/${id}`, {
      name: 'Lifecycle rack',
      store_alias: null,
      location_id: 2,
      device_address: '192.168.1.40',
      device_model: null,
      vendor_endpoint: null,
      warranty_expiry: null,
      secure_mode: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.device_address).toBe('192.168.1.40');
  });

  it('a new key works at once and the old one no longer does', async () => {
    const res = await call('technician', 'POST', `/api/controllers/${id}/rotate-key`);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.device_key as string;
    expect(fresh).not.toBe(key);
    expect((await ingestStatus(key, { online: true })).statusCode).toBe(401);
    await expect(connectDevice(server.mqttPort ?? 0, MAC, key)).rejects.toThrow();
    const device = await connectDevice(server.mqttPort ?? 0, MAC, fresh);
    await device.end();
    key = fresh;
    expect((await call('manager', 'POST', `/api/controllers/${id}/rotate-key`)).statusCode).toBe(403);
  });

  it('moves to another organization only for those who see both', async () => {
    const body = {
      name: 'Lifecycle rack',
      store_alias: null,
      organization_id: 4,
      location_id: 10,
      device_model: null,
      vendor_endpoint: null,
      warranty_expiry: null,
      secure_mode: true,
    };
    const manager = await call('manager', 'PATCH', `/api/controllers/${id}`, body);
    expect(manager.statusCode).toBe(422);
    expect(manager.json().error.details.fields[0].field).toBe('organization_id');
    const wrongPlace = await call('admin', 'PATCH', `/api/controllers/${id}`, { ...body, location_id: 2 });
    expect(wrongPlace.statusCode).toBe(422);
    const moved = await call('admin', 'PATCH', `/api/controllers/${id}`, body);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ organisation: { id: 4 }, location: { id: 10 } });
    expect((await call('manager', 'GET', `/api/controllers/${id}`)).statusCode).toBe(404);
  });

  it('decommissioning refuses its key on HTTP and MQTT, clears its open alarms and keeps its history', async () => {
    expect((await call('manager', 'DELETE', `/api/controllers/${id}`)).statusCode).toBe(404);
    const [open] = await query<{ ref: number }>(
      server.database.db,
      sql`select ref from alarms where controller_id = ${id} and status <> 'cleared'`,
    );
    expect(open).toBeDefined();
    expect((await call('admin', 'DELETE', `/api/controllers/${id}`)).statusCode).toBe(204);

    expect((await ingestStatus(key, { online: true })).statusCode).toBe(401);
    await expect(connectDevice(server.mqttPort ?? 0, MAC, key)).rejects.toThrow();
    expect((await call('admin', 'GET', `/api/controllers/${id}`)).statusCode).toBe(404);
    const list = (await call('admin', 'GET', '/api/controllers?per_page=100&q=02:99:00:00:0a:01')).json();
    expect(list.meta.total).toBe(0);

    const alarm = (await call('admin', 'GET', `/api/alarms/${open?.ref}`)).json().data;
    expect(alarm).toMatchObject({
      status: 'cleared',
      health_status: 'cleared_by_user',
      clear_reason: 'decommissioned',
    });
    const audit = await query<{ action: string }>(
      server.database.db,
      sql`select action from audit_log where subject_type = 'controller' and subject_id = ${String(id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'controller.authorise',
      'controller.update',
      'controller.rotate_key',
      'controller.update',
      'controller.decommission',
    ]);
    expect((await call('admin', 'DELETE', `/api/controllers/${id}`)).statusCode).toBe(404);
  });

  it('the same hardware announcing itself again is a new pending controller', async () => {
    const again = await announce();
    expect(again).not.toBe(id);
  });
});
