import type { InventoryItem } from '@rcm/shared/inventory';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, toRecords } from '../../../../web/src/features/inventory/csv-parse.ts';
import { query } from '../../lib/sql.ts';
import { addUser } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';

let t: TestApp;
const tok = {} as Record<'tech' | 'fmEditor' | 'fmReader' | 'outsider' | 'viewer', string>;

const body = (over: Record<string, unknown> = {}) => ({
  product_name: 'Sight glass',
  part_number: 'SA-14S',
  type: 'valve',
  brand: 'Sporlan',
  specification: '3/8 SAE flare',
  quantity: 4,
  reorder_level: 2,
  unit_price: 36.25,
  ...over,
});

type Page = { data: InventoryItem[]; meta: { page: number; per_page: number; total: number; last_page: number } };

async function list(token: string, qs = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/inventory?${qs}`, headers: headers(token) });
  return { status: res.statusCode, body: res.json() as Page };
}

async function itemCount(organizationName: string): Promise<number> {
  const [row] = await query<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from inventory_items i join organizations o on o.id = i.organization_id where o.name = ${organizationName}`,
  );
  return Number(row?.n);
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await addUser(db, {
    from: 'manager@example.com',
    email: 'fm-editor@example.com',
    permissions: ['inventory_view', 'inventory_edit'],
  });
  await addUser(db, { from: 'manager@example.com', email: 'fm-reader@example.com', permissions: ['inventory_view'] });
  await addUser(db, {
    from: 'manager@example.com',
    email: 'vv-editor@example.com',
    organizationName: 'Valle Verde Supermercados',
    permissions: ['inventory_view', 'inventory_edit'],
  });
  tok.tech = await login(t.app, 'technician@example.com');
  tok.fmEditor = await login(t.app, 'fm-editor@example.com');
  tok.fmReader = await login(t.app, 'fm-reader@example.com');
  tok.outsider = await login(t.app, 'vv-editor@example.com');
  tok.viewer = await login(t.app, 'viewer@example.com');
});

afterAll(() => t.close());

describe('inventory list', () => {
  it('pages, with availability derived from quantity and reorder level', async () => {
    const first = await list(tok.tech, 'per_page=20');
    expect(first.status).toBe(200);
    expect(first.body.meta.total).toBeGreaterThan(40);
    expect(first.body.meta.last_page).toBe(Math.ceil(first.body.meta.total / 20));
    const second = await list(tok.tech, 'per_page=20&page=2');
    expect(second.body.meta.page).toBe(2);
    expect(second.body.data[0]?.id).not.toBe(first.body.data[0]?.id);
    for (const item of [...first.body.data, ...second.body.data]) {
      const expected =
        item.quantity <= 0 ? 'out_of_stock' : item.quantity <= item.reorder_level ? 'low_stock' : 'in_stock';
      expect(item.availability).toBe(expected);
    }
  });

  it('filters by availability, type and search, and sorts', async () => {
    const out = await list(tok.tech, 'availability=out_of_stock&per_page=100');
    expect(out.body.data.length).toBeGreaterThan(0);
    expect(out.body.data.every((i) => i.quantity === 0)).toBe(true);
    const low = await list(tok.tech, 'availability=low_stock&per_page=100');
    expect(low.body.data.every((i) => i.availability === 'low_stock')).toBe(true);
    const valves = await list(tok.tech, 'type=valve&q=sporlan&per_page=100');
    expect(valves.body.data.length).toBeGreaterThan(0);
    expect(valves.body.data.every((i) => i.type === 'valve' && i.brand === 'Sporlan')).toBe(true);
    const byPrice = await list(tok.tech, 'sort=-unit_price&per_page=5');
    const prices = byPrice.body.data.map((i) => i.unit_price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it("shows a member only their organization's items; organization_view_all sees every organization", async () => {
    const fm = await list(tok.fmEditor, 'per_page=100');
    expect(fm.body.meta.total).toBe(await itemCount('FreshMart Foods'));
    expect(fm.body.data.every((i) => i.organisation.name === 'FreshMart Foods')).toBe(true);
    const outsider = await list(tok.outsider, 'per_page=100');
    expect(outsider.status).toBe(200);
    expect(outsider.body.meta.total).toBe(0);
    const all = await list(tok.tech, 'per_page=100');
    expect(new Set(all.body.data.map((i) => i.organisation.name)).size).toBeGreaterThan(1);
  });

  it('refuses users without inventory_view', async () => {
    expect((await list(tok.viewer)).status).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: '/api/inventory' });
    expect(res.statusCode).toBe(401);
  });
});

describe('inventory create and edit', () => {
  it('creates an item in the caller’s organization and edits it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: headers(tok.fmEditor),
      payload: body(),
    });
    expect(res.statusCode).toBe(201);
    const item = (res.json() as { data: InventoryItem }).data;
    expect(item.organisation.name).toBe('FreshMart Foods');
    expect(item.unit_price).toBe(36.25);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/inventory/${item.id}`,
      headers: headers(tok.fmEditor),
      payload: body({ quantity: 0 }),
    });
    expect(put.statusCode).toBe(200);
    expect((put.json() as { data: InventoryItem }).data.availability).toBe('out_of_stock');
  });

  it('answers 422 with localized field errors and writes nothing', async () => {
    const before = await itemCount('FreshMart Foods');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: headers(tok.fmEditor, 'es-MX'),
      payload: body({ product_name: '', quantity: -1, unit_price: 1.234, type: 'banana' }),
    });
    expect(res.statusCode).toBe(422);
    const fields = (res.json() as { error: { details: { fields: { field: string; message: string }[] } } }).error
      .details.fields;
    expect(fields.map((f) => f.field).sort()).toEqual(['product_name', 'quantity', 'type', 'unit_price']);
    expect(fields.find((f) => f.field === 'product_name')?.message).toBe('Este campo es obligatorio.');
    expect(await itemCount('FreshMart Foods')).toBe(before);
  });

  it('refuses a part number already used in the organization', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: headers(tok.fmEditor),
      payload: body({ part_number: 'FM-GSK-2476' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('part_number');
  });

  it('refuses changes without inventory_edit and hides other organizations’ items', async () => {
    const fmItem = (await list(tok.fmEditor, 'per_page=1')).body.data[0];
    if (!fmItem) throw new Error('no FreshMart item');
    const reader = await t.app.inject({
      method: 'PUT',
      url: `/api/inventory/${fmItem.id}`,
      headers: headers(tok.fmReader),
      payload: body({ part_number: 'X-1' }),
    });
    expect(reader.statusCode).toBe(403);
    const readerCreate = await t.app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: headers(tok.fmReader),
      payload: body({ part_number: 'X-2' }),
    });
    expect(readerCreate.statusCode).toBe(403);

    const get = await t.app.inject({
      method: 'GET',
      url: `/api/inventory/${fmItem.id}`,
      headers: headers(tok.outsider),
    });
    expect(get.statusCode).toBe(404);
    expect(get.body).not.toContain(fmItem.part_number);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/inventory/${fmItem.id}`,
      headers: headers(tok.outsider),
      payload: body({ part_number: 'STOLEN' }),
    });
    expect(put.statusCode).toBe(404);
    const after = (await list(tok.fmEditor, `q=${encodeURIComponent(fmItem.part_number)}`)).body.data[0];
    expect(after?.part_number).toBe(fmItem.part_number);
    // Writing into another organization needs organization_view_all.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: headers(tok.outsider),
      payload: body({ part_number: 'X-3', organization_id: fmItem.organisation.id }),
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('CSV import and export', () => {
  const row = (part: string, over: Record<string, string> = {}) => ({
    product_name: `Imported ${part}`,
    part_number: part,
    type: 'sensor',
    brand: 'Carel',
    specification: '',
    quantity: '5',
    reorder_level: '2',
    unit_price: '12.50',
    ...over,
  });

  it('rejects the whole file when one row is invalid, naming the row, and writes nothing', async () => {
    const before = await itemCount('FreshMart Foods');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/import',
      headers: headers(tok.fmEditor),
      payload: { rows: [row('IMP-1'), row('IMP-2'), row('IMP-3', { quantity: 'many' }), row('IMP-1')] },
    });
    expect(res.statusCode).toBe(422);
    const rows = (res.json() as { error: { details: { rows: { row: number; field: string; message: string }[] } } })
      .error.details.rows;
    expect(rows).toEqual([
      { row: 4, field: 'quantity', message: expect.any(String) },
      { row: 5, field: 'part_number', message: 'This part number is already in row 2 of the file.' },
    ]);
    expect(await itemCount('FreshMart Foods')).toBe(before);
  });

  it('writes every row of a valid file: new part numbers created, known ones updated', async () => {
    const before = await itemCount('FreshMart Foods');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/import',
      headers: headers(tok.fmEditor),
      payload: { rows: [row('IMP-10'), row('imp-11'), row('FM-LED-48', { quantity: '40', unit_price: '$90' })] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { created: 2, updated: 1 } });
    expect(await itemCount('FreshMart Foods')).toBe(before + 2);
    const led = (await list(tok.fmEditor, 'q=FM-LED-48')).body.data[0];
    expect(led).toMatchObject({ quantity: 40, unit_price: 90, availability: 'in_stock' });
  });

  it('refuses imports without inventory_edit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/import',
      headers: headers(tok.fmReader),
      payload: { rows: [row('IMP-20')] },
    });
    expect(res.statusCode).toBe(403);
  });

  it('exports the scoped, filtered list as CSV', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/inventory/export?type=sensor',
      headers: headers(tok.fmEditor),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'product_name,part_number,type,brand,specification,quantity,reorder_level,unit_price,availability,organization',
    );
    expect(lines.slice(1).every((l) => l.includes(',sensor,') && l.endsWith('FreshMart Foods'))).toBe(true);
    const outsider = await t.app.inject({
      method: 'GET',
      url: '/api/inventory/export',
      headers: headers(tok.outsider),
    });
    expect(outsider.body.trim().split('\r\n')).toHaveLength(1);
  });

  it('importing an export unchanged changes nothing, each row back in its own organization', async () => {
    const exported = await t.app.inject({ method: 'GET', url: '/api/inventory/export', headers: headers(tok.tech) });
    const { records } = toRecords(parseCsv(exported.body));
    const organizations = new Set(records.map((r) => r.organization));
    expect(organizations.size).toBeGreaterThan(1);
    const before = await query<{ organization_id: number; n: number }>(
      t.database.db,
      sql`select organization_id, count(*)::int as n from inventory_items group by organization_id order by 1`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/import',
      headers: headers(tok.tech),
      payload: { rows: records },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ created: 0, updated: records.length });
    const after = await query<{ organization_id: number; n: number }>(
      t.database.db,
      sql`select organization_id, count(*)::int as n from inventory_items group by organization_id order by 1`,
    );
    expect(after).toEqual(before);
  });

  it('refuses rows for an organization the importer may not write, or one that does not exist', async () => {
    const before = await itemCount('FreshMart Foods');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/import',
      headers: headers(tok.outsider, 'es-MX'),
      payload: {
        rows: [
          row('VV-1', { organization: 'Valle Verde Supermercados' }),
          row('VV-2', { organization: 'FreshMart Foods' }),
          row('VV-3', { organization: 'Nobody Foods' }),
        ],
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details.rows).toEqual([
      { row: 3, field: 'organization', message: 'No puedes cambiar el inventario de FreshMart Foods.' },
      { row: 4, field: 'organization', message: 'Ninguna organización se llama “Nobody Foods”.' },
    ]);
    expect(await itemCount('FreshMart Foods')).toBe(before);
  });
});
