import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../test/app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
type Item = { id: number; mac_address: string; authorised: boolean; online: boolean; location: { id: number } | null };

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'viewer', 'technician'])
    tokens[who] = await login(t.app, `${who}@example.com`);
  const now = new Date().toISOString();
  await t.database.db.execute(sql`insert into racks (controller_id, ref, name, metrics, updated_at)
    values (1, 'A', 'Rack A', '{"superheat": 8.1}'::jsonb, ${now}::timestamptz)`);
  await t.database.db.execute(sql`insert into rack_points (controller_id, addr, rack_ref, name, unit, set_point, status, value, updated_at)
    values (1, 'A.CASE1', 'A', 'Case 1', '°F', 35, 'alarm', 44.2, ${now}::timestamptz),
           (1, 'A.SUCT', 'A', 'Suction', 'psig', 40, 'ok', 41, ${now}::timestamptz)`);
});
afterAll(async () => {
  await t?.close();
});

const call = (who: string, url: string, method: 'GET' | 'PATCH' = 'GET', payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${tokens[who]}` } });

describe('GET /api/controllers', () => {
  it('lists by scope: all (with pending) for staff, FreshMart for its manager, two stores for the viewer', async () => {
    const admin = (await call('admin', '/api/controllers?per_page=100')).json();
    expect(admin.meta.total).toBe(44);
    expect(admin.data.filter((c: Item) => !c.authorised)).toHaveLength(4);
    const manager = (await call('manager', '/api/controllers?per_page=100')).json();
    expect(manager.meta.total).toBe(manager.data.length);
    expect(new Set(manager.data.map((c: Item) => c.location?.id))).toEqual(new Set([2, 3, 4, 5, 6]));
    const viewer = (await call('viewer', '/api/controllers?per_page=100')).json();
    expect(new Set(viewer.data.map((c: Item) => c.location?.id))).toEqual(new Set([2, 3]));
  });

  it('searches by part of the MAC and filters by online state and pending', async () => {
    const byMac = (await call('technician', '/api/controllers?q=10:0a')).json();
    expect(byMac.data.map((c: Item) => c.mac_address)).toEqual(['02:52:43:00:10:0a']);
    const offline = (await call('technician', '/api/controllers?online=false&authorised=true&per_page=100')).json();
    expect(offline.data.length).toBeGreaterThan(0);
    expect(offline.data.every((c: Item) => !c.online)).toBe(true);
    const pending = (await call('technician', '/api/controllers?authorised=false')).json();
    expect(pending.meta.total).toBe(4);
  });

  it('paginates with meta', async () => {
    const page = (await call('admin', '/api/controllers?per_page=10&page=5')).json();
    expect(page.meta).toEqual({ page: 5, per_page: 10, total: 44, last_page: 5 });
    expect(page.data).toHaveLength(4);
  });

  it('rejects bad filters with a localized 422', async () => {
    const res = await t.app.inject({
      url: '/api/controllers?online=maybe',
      headers: { authorization: `Bearer ${tokens.admin}`, 'x-locale': 'es-MX' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details.fields[0].field).toBe('online');
  });
});

describe('GET /api/controllers/:id/racks', () => {
  it('returns racks with latest points and the alarm state of each point, within scope', async () => {
    await t.database.db.execute(sql`insert into alarms (alarm_type_id, controller_id, organization_id, location_id, subject, rack_ref,
      reason, severity, status, raised_at, last_occurrence_at)
      select id, 1, 2, 2, 'A.CASE1', 'A', 'Case hot', 'high', 'acknowledged', now(), now() from alarm_types where code = 'CASE_HIGH_TEMP'`);
    const res = await call('viewer', '/api/controllers/1/racks');
    expect(res.statusCode).toBe(200);
    const [rack] = res.json().data;
    expect(rack).toMatchObject({ ref: 'A', name: 'Rack A', metrics: { superheat: 8.1 } });
    expect(rack.points.map((p: { addr: string; alarm_status: string | null }) => [p.addr, p.alarm_status])).toEqual([
      ['A.CASE1', 'acknowledged'],
      ['A.SUCT', null],
    ]);
    expect((await call('manager', '/api/controllers/6/racks')).statusCode).toBe(404);
  });
});

describe('PATCH /api/controllers/:id', () => {
  const body = {
    name: 'Rack A — Produce',
    store_alias: 'Store 101',
    location_id: 2,
    device_model: 'Danfoss AK-PC 782A',
    vendor_endpoint: '10.0.0.5',
    warranty_expiry: '2027-06-30',
    secure_mode: true,
  };

  it('saves the edit form for controllers_edit within scope, and audits it', async () => {
    const res = await call('manager', '/api/controllers/1', 'PATCH', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Rack A — Produce', warranty_expiry: '2027-06-30' });
    const audit = await t.database.db.execute(
      sql`select count(*)::int as n from audit_log where action = 'controller.update'`,
    );
    expect((audit as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it('refuses a location of another organization, bad fields, a viewer, and another organization’s controller', async () => {
    const wrongLoc = await call('manager', '/api/controllers/1', 'PATCH', { ...body, location_id: 7 });
    expect(wrongLoc.statusCode).toBe(422);
    expect(wrongLoc.json().error.details.fields).toEqual([
      { field: 'location_id', message: 'This location does not belong to the chosen organization.' },
    ]);
    const bad = await call('manager', '/api/controllers/1', 'PATCH', {
      ...body,
      name: '',
      warranty_expiry: '30/06/2027',
    });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .error.details.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['name', 'warranty_expiry']);
    expect((await call('viewer', '/api/controllers/1', 'PATCH', body)).statusCode).toBe(403);
    expect((await call('manager', '/api/controllers/6', 'PATCH', body)).statusCode).toBe(404);
    const still = (await call('admin', '/api/controllers/1')).json().data;
    expect(still.name).toBe('Rack A — Produce');
  });

  it('moves a controller only to an organization whose controllers the caller sees (controller.move)', async () => {
    const other = (await t.database.db.execute(sql`select organization_id from locations where id = 7`)) as unknown as {
      rows: { organization_id: number }[];
    };
    const organizationId = other.rows[0]?.organization_id;
    expect(organizationId).toBeTypeOf('number');
    const moved = await call('manager', '/api/controllers/1', 'PATCH', {
      ...body,
      organization_id: organizationId,
      location_id: 7,
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().error.details.fields.map((f: { field: string }) => f.field)).toEqual(['organization_id']);
    expect((await call('admin', '/api/controllers/1')).json().data.location.id).toBe(2);
  });
});

describe('GET /api/controllers/:id/metrics', () => {
  it('returns each rack metric and case temperature over the range for those who may see the controller', async () => {
    const now = Date.now();
    await t.database.db.execute(sql`insert into readings (controller_id, key, ts, value)
      select 1, 'A:superheat', to_timestamp(${Math.floor(now / 1000)}::float8 - g * 60), 8 + (g % 3) from generate_series(1, 30) g`);
    await t.database.db.execute(sql`insert into readings (controller_id, key, ts, value)
      select 1, 'A.CASE1', to_timestamp(${Math.floor(now / 1000)}::float8 - g * 60), 36 + (g % 2) from generate_series(1, 20) g`);
    const from = new Date(now - 3_600_000).toISOString();
    const to = new Date(now).toISOString();
    const res = await call('viewer', `/api/controllers/1/metrics?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    const series = res.json().data.series as {
      key: string;
      name: string | null;
      unit: string;
      points: [string, number][];
    }[];
    // The rack's metrics, then its cases (not other points such as suction).
    expect(series.map((s) => s.key)).toEqual(['A:superheat', 'A:liquid_level', 'A:oil_pressure', 'A.CASE1']);
    expect(series[0]?.unit).toBe('K');
    expect(series[0]?.points).toHaveLength(30);
    expect(series[3]).toMatchObject({ name: 'Case 1', unit: '°F' });
    expect(series[3]?.points).toHaveLength(20);
    expect((await call('viewer', `/api/controllers/3/metrics?from=${from}&to=${to}`)).statusCode).toBe(404);
    expect((await call('viewer', `/api/controllers/1/metrics?from=${to}&to=${from}`)).statusCode).toBe(422);
  });
});
