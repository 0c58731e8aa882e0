import type { Asset, AssetOptions } from '@rcm/shared/assets';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { addOutsider, addUser } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers, injectAs } from '../../test/helpers.ts';

let t: TestApp;
const tok = {} as Record<'tech' | 'manager' | 'fmReader' | 'outsider' | 'viewer', string>;
let fmOptions: AssetOptions;

type Page = { data: Asset[]; meta: { page: number; total: number; last_page: number } };

async function list(token: string, qs = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/assets?${qs}`, headers: headers(token) });
  return { status: res.statusCode, body: res.json() as Page };
}

async function assetCount(): Promise<number> {
  const [row] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from assets`);
  return Number(row?.n);
}

const body = (over: Record<string, unknown> = {}) => ({
  location_id: fmOptions.locations[0]?.id,
  type: 'condenser',
  name: 'Second roof condenser',
  manufacturer: 'Heatcraft',
  model: 'LCE-120',
  serial: 'HC-2026-0001',
  installed_at: '2025-03-01',
  warranty_expiry: '2030-03-01',
  controller_id: null,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await addUser(db, {
    from: 'manager@example.com',
    email: 'fm-editor@example.com',
    permissions: ['assets_view', 'assets_edit'],
  });
  await addUser(db, { from: 'manager@example.com', email: 'fm-reader@example.com', permissions: ['assets_view'] });
  await addOutsider(db, 'vv-editor@example.com', ['assets_view', 'assets_edit']);
  tok.tech = await login(t.app, 'technician@example.com');
  tok.manager = await login(t.app, 'fm-editor@example.com');
  tok.fmReader = await login(t.app, 'fm-reader@example.com');
  tok.outsider = await login(t.app, 'vv-editor@example.com');
  tok.viewer = await login(t.app, 'viewer@example.com');
  const res = await t.app.inject({ method: 'GET', url: '/api/assets/options', headers: headers(tok.manager) });
  fmOptions = (res.json() as { data: AssetOptions }).data;
});

afterAll(() => t.close());

describe('assets', () => {
  it('registers equipment for every demo location, linked to its controllers', async () => {
    const all = await list(tok.tech, 'per_page=100');
    expect(all.status).toBe(200);
    const [locations] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from locations`);
    const withAssets = new Set(
      (await query<{ location_id: number }>(t.database.db, sql`select distinct location_id from assets`)).map(
        (r) => r.location_id,
      ),
    );
    expect(withAssets.size).toBe(Number(locations?.n));
    expect(all.body.data.some((a) => a.type === 'rack' && a.controller !== null)).toBe(true);
  });

  it('filters by type, location and warranty; expiring and expired are told apart', async () => {
    const racks = await list(tok.tech, 'type=rack&per_page=100');
    expect(racks.body.data.length).toBeGreaterThan(0);
    expect(racks.body.data.every((a) => a.type === 'rack')).toBe(true);
    const loc = fmOptions.locations[1]?.id;
    const here = await list(tok.tech, `location_id=${loc}&per_page=100`);
    expect(here.body.data.every((a) => a.location.id === loc)).toBe(true);
    const expiring = await list(tok.tech, 'warranty=expiring&per_page=100');
    expect(expiring.body.data.length).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    const in90 = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    for (const a of expiring.body.data) {
      expect(a.warranty).toBe('expiring');
      expect(a.warranty_expiry && a.warranty_expiry >= today && a.warranty_expiry <= in90).toBe(true);
    }
    const expired = await list(tok.tech, 'warranty=expired&per_page=100');
    expect(expired.body.data.length).toBeGreaterThan(0);
    expect(expired.body.data.every((a) => a.warranty === 'expired' && (a.warranty_expiry ?? '') < today)).toBe(true);
  });

  it('scopes to the own organization, and to the member’s locations', async () => {
    const fm = await list(tok.manager, 'per_page=100');
    expect(fm.body.data.length).toBeGreaterThan(0);
    expect(fm.body.data.every((a) => a.organisation.name === 'FreshMart Foods')).toBe(true);
    const vv = await list(tok.outsider, 'per_page=100');
    expect(vv.body.data.every((a) => a.organisation.name === 'Valle Verde Supermercados')).toBe(true);
    const fmAsset = fm.body.data[0];
    const peek = await injectAs(t.app, 'GET', tok.outsider, `/api/assets/${fmAsset?.id}`);
    expect(peek.statusCode).toBe(404);
    expect(peek.body).not.toContain(fmAsset?.serial ?? '—');
    // The demo viewer has no assets_view at all.
    expect((await list(tok.viewer)).status).toBe(403);
  });

  it('creates and edits an asset with a controller at the same location', async () => {
    const location = fmOptions.locations[0]?.id;
    const controller = fmOptions.controllers.find((c) => c.location_id === location);
    const res = await injectAs(t.app, 'POST', tok.manager, '/api/assets', body({ controller_id: controller?.id }));
    expect(res.statusCode).toBe(201);
    const created = (res.json() as { data: Asset }).data;
    expect(created).toMatchObject({
      name: 'Second roof condenser',
      warranty: 'active',
      controller: { id: controller?.id },
    });
    const put = await injectAs(
      t.app,
      'PUT',
      tok.manager,
      `/api/assets/${created.id}`,
      body({ warranty_expiry: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) }),
    );
    expect(put.statusCode).toBe(200);
    expect((put.json() as { data: Asset }).data).toMatchObject({ warranty: 'expiring', controller: null });
  });

  it('answers 422 with field errors and writes nothing', async () => {
    const before = await assetCount();
    const bad = await injectAs(
      t.app,
      'POST',
      tok.manager,
      '/api/assets',
      body({ name: '', type: 'freezer', installed_at: '2026-02-30', warranty_expiry: '2020-01-01' }),
      'es-MX',
    );
    expect(bad.statusCode).toBe(422);
    const fields = (bad.json() as { error: { details: { fields: { field: string; message: string }[] } } }).error
      .details.fields;
    expect(fields.map((f) => f.field).sort()).toEqual(['installed_at', 'name', 'type']);
    expect(fields.find((f) => f.field === 'name')?.message).toBe('Este campo es obligatorio.');

    const order = await injectAs(
      t.app,
      'POST',
      tok.manager,
      '/api/assets',
      body({ installed_at: '2026-01-01', warranty_expiry: '2025-01-01' }),
    );
    expect(order.statusCode).toBe(422);
    expect(order.body).toContain('warranty_expiry');

    const elsewhere = fmOptions.controllers.find((c) => c.location_id !== fmOptions.locations[0]?.id);
    const wrongController = await injectAs(
      t.app,
      'POST',
      tok.manager,
      '/api/assets',
      body({ controller_id: elsewhere?.id }),
    );
    expect(wrongController.statusCode).toBe(422);
    expect(wrongController.body).toContain('controller_id');
    expect(await assetCount()).toBe(before);
  });

  it('refuses changes without assets_edit and in another organization', async () => {
    const before = await assetCount();
    const reader = await injectAs(t.app, 'POST', tok.fmReader, '/api/assets', body());
    expect(reader.statusCode).toBe(403);
    const foreign = await injectAs(t.app, 'POST', tok.outsider, '/api/assets', body());
    expect(foreign.statusCode).toBe(422);
    const fmAsset = (await list(tok.manager, 'per_page=1')).body.data[0];
    const put = await injectAs(t.app, 'PUT', tok.outsider, `/api/assets/${fmAsset?.id}`, body({ name: 'Taken over' }));
    expect(put.statusCode).toBe(404);
    expect(await assetCount()).toBe(before);
  });
});
