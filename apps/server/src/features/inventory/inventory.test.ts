import type { InventoryItem } from '@rcm/shared/inventory';
import { describe, expect, it } from 'vitest';
import { injectAs } from '../../test/helpers.ts';
import { itemBody as body, itemCount, list, t, tok, useInventoryApp } from '../../test/inventory.ts';

useInventoryApp();

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
    expect(fm.body.meta.total).toBe(await itemCount(t, 'FreshMart Foods'));
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
    const res = await injectAs(t.app, 'POST', tok.fmEditor, '/api/inventory', body());
    expect(res.statusCode).toBe(201);
    const item = (res.json() as { data: InventoryItem }).data;
    expect(item.organisation.name).toBe('FreshMart Foods');
    expect(item.unit_price).toBe(36.25);
    const put = await injectAs(t.app, 'PUT', tok.fmEditor, `/api/inventory/${item.id}`, body({ quantity: 0 }));
    expect(put.statusCode).toBe(200);
    expect((put.json() as { data: InventoryItem }).data.availability).toBe('out_of_stock');
  });

  it('answers 422 with localized field errors and writes nothing', async () => {
    const before = await itemCount(t, 'FreshMart Foods');
    const res = await injectAs(
      t.app,
      'POST',
      tok.fmEditor,
      '/api/inventory',
      body({ product_name: '', quantity: -1, unit_price: 1.234, type: 'banana' }),
      'es-MX',
    );
    expect(res.statusCode).toBe(422);
    const fields = (res.json() as { error: { details: { fields: { field: string; message: string }[] } } }).error
      .details.fields;
    expect(fields.map((f) => f.field).sort()).toEqual(['product_name', 'quantity', 'type', 'unit_price']);
    expect(fields.find((f) => f.field === 'product_name')?.message).toBe('Este campo es obligatorio.');
    expect(await itemCount(t, 'FreshMart Foods')).toBe(before);
  });

  it('refuses a part number already used in the organization', async () => {
    const res = await injectAs(t.app, 'POST', tok.fmEditor, '/api/inventory', body({ part_number: 'FM-GSK-2476' }));
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('part_number');
  });

  it('refuses changes without inventory_edit and hides other organizations’ items', async () => {
    const fmItem = (await list(tok.fmEditor, 'per_page=1')).body.data[0];
    if (!fmItem) throw new Error('no FreshMart item');
    const reader = await injectAs(
      t.app,
      'PUT',
      tok.fmReader,
      `/api/inventory/${fmItem.id}`,
      body({ part_number: 'X-1' }),
    );
    expect(reader.statusCode).toBe(403);
    const readerCreate = await injectAs(t.app, 'POST', tok.fmReader, '/api/inventory', body({ part_number: 'X-2' }));
    expect(readerCreate.statusCode).toBe(403);

    const get = await injectAs(t.app, 'GET', tok.outsider, `/api/inventory/${fmItem.id}`);
    expect(get.statusCode).toBe(404);
    expect(get.body).not.toContain(fmItem.part_number);
    const put = await injectAs(
      t.app,
      'PUT',
      tok.outsider,
      `/api/inventory/${fmItem.id}`,
      body({ part_number: 'STOLEN' }),
    );
    expect(put.statusCode).toBe(404);
    const after = (await list(tok.fmEditor, `q=${encodeURIComponent(fmItem.part_number)}`)).body.data[0];
    expect(after?.part_number).toBe(fmItem.part_number);
    // Writing into another organization needs organization_view_all.
    const foreign = await injectAs(
      t.app,
      'POST',
      tok.outsider,
      '/api/inventory',
      body({ part_number: 'X-3', organization_id: fmItem.organisation.id }),
    );
    expect(foreign.statusCode).toBe(403);
  });
});
