import type { Asset } from '@rcm/shared/assets';
import type { InventoryItem, PurchaseOrderDetail } from '@rcm/shared/inventory';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { assets, inventoryItems } from '../../db/schema-inventory.ts';
import { addOutsider, addUser } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { type ApiCallArgs, callApi } from '../../test/helpers.ts';

let t: TestApp;
const tok = {} as Record<'tech' | 'fmEditor' | 'fmReader' | 'outsider' | 'manager', string>;
let fmLocation = 0;

const call = (...args: ApiCallArgs) => callApi(t.app, ...args);

const itemBody = (part: string) => ({
  product_name: `Part ${part}`,
  part_number: part,
  type: 'valve',
  quantity: 1,
  reorder_level: 3,
  unit_price: 12.5,
});

async function newItem(part: string): Promise<number> {
  const res = await call('POST', tok.fmEditor, 'inventory', itemBody(part));
  expect(res.status).toBe(201);
  return (res.body.data as unknown as InventoryItem).id;
}

async function newOrder(itemId: number): Promise<number> {
  const res = await call('POST', tok.fmEditor, 'purchase-orders', {
    location_id: fmLocation,
    lines: [{ item_id: itemId, quantity: 2 }],
  });
  expect(res.status).toBe(201);
  return (res.body.data as unknown as PurchaseOrderDetail).id;
}

const audits = (action: string, id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, String(id))));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const perms = ['inventory_view', 'inventory_edit', 'assets_view', 'assets_edit'] as const;
  await addUser(db, { from: 'manager@example.com', email: 'fm-editor@example.com', permissions: [...perms] });
  await addUser(db, {
    from: 'manager@example.com',
    email: 'fm-reader@example.com',
    permissions: ['inventory_view', 'assets_view'],
  });
  await addOutsider(db, 'vv-editor@example.com', [...perms]);
  tok.tech = await login(t.app, 'technician@example.com');
  tok.fmEditor = await login(t.app, 'fm-editor@example.com');
  tok.fmReader = await login(t.app, 'fm-reader@example.com');
  tok.outsider = await login(t.app, 'vv-editor@example.com');
  tok.manager = await login(t.app, 'manager@example.com');
  const options = await call('GET', tok.fmEditor, 'purchase-orders/options');
  fmLocation = (options.body.data as unknown as { locations: { id: number }[] }).locations[0]?.id ?? 0;
});

afterAll(() => t.close());

describe('removing an inventory item', () => {
  it('deletes an item no order ever held, with its audit entry', async () => {
    const id = await newItem('LC-NEVER');
    expect((await call('DELETE', tok.fmEditor, `inventory/${id}`)).status).toBe(204);
    expect(await t.database.db.select().from(inventoryItems).where(eq(inventoryItems.id, id))).toHaveLength(0);
    expect(await audits('inventory.delete', id)).toHaveLength(1);
    expect((await call('GET', tok.fmEditor, `inventory/${id}`)).status).toBe(404);
  });

  it('refuses with 409 in_use naming the open orders, in the caller’s language, and changes nothing', async () => {
    const id = await newItem('LC-OPEN');
    await newOrder(id);
    await newOrder(id);
    const en = await call('DELETE', tok.fmEditor, `inventory/${id}`);
    expect(en.status).toBe(409);
    expect(en.body.error).toEqual({ code: 'in_use', message: 'This item is on 2 open purchase orders.' });
    const es = await call('DELETE', tok.fmEditor, `inventory/${id}`, undefined, 'es-MX');
    expect(es.body.error).toMatchObject({ message: 'Este artículo está en 2 órdenes de compra abiertas.' });
    expect((await call('GET', tok.fmEditor, `inventory/${id}`)).status).toBe(200);
    expect(await audits('inventory.delete', id)).toHaveLength(0);
  });

  it('frees an item when its draft is discarded; sent orders cannot be discarded', async () => {
    const id = await newItem('LC-DRAFT');
    const draft = await newOrder(id);
    const sent = await newOrder(id);
    expect((await call('POST', tok.fmEditor, `purchase-orders/${sent}/send`)).status).toBe(200);
    expect((await call('DELETE', tok.fmReader, `purchase-orders/${draft}`)).status).toBe(403);
    expect((await call('DELETE', tok.outsider, `purchase-orders/${draft}`)).status).toBe(404);
    expect((await call('DELETE', tok.fmEditor, `purchase-orders/${sent}`)).status).toBe(409);
    expect((await call('DELETE', tok.fmEditor, `purchase-orders/${draft}`)).status).toBe(204);
    expect((await call('GET', tok.fmEditor, `purchase-orders/${draft}`)).status).toBe(404);
    expect(await audits('purchase_order.discard', draft)).toHaveLength(1);
    const refused = await call('DELETE', tok.fmEditor, `inventory/${id}`);
    expect(refused.body.error).toMatchObject({ code: 'in_use', message: 'This item is on an open purchase order.' });
    expect((await call('POST', tok.fmEditor, `purchase-orders/${sent}/receive`)).status).toBe(200);
    expect((await call('DELETE', tok.fmEditor, `inventory/${id}`)).status).toBe(204);
    expect(await audits('inventory.archive', id)).toHaveLength(1);
  });

  it('archives an item whose orders are all received: hidden from lists, kept and marked on its order', async () => {
    const id = await newItem('LC-HISTORY');
    const po = await newOrder(id);
    expect((await call('POST', tok.fmEditor, `purchase-orders/${po}/send`)).status).toBe(200);
    const sent = await call('DELETE', tok.fmEditor, `inventory/${id}`);
    expect(sent.body.error).toMatchObject({ code: 'in_use', message: 'This item is on an open purchase order.' });
    expect((await call('POST', tok.fmEditor, `purchase-orders/${po}/receive`)).status).toBe(200);

    expect((await call('DELETE', tok.fmEditor, `inventory/${id}`)).status).toBe(204);
    const [row] = await t.database.db.select().from(inventoryItems).where(eq(inventoryItems.id, id));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    expect(await audits('inventory.archive', id)).toHaveLength(1);
    const list = await call('GET', tok.fmEditor, 'inventory?per_page=500&q=LC-HISTORY');
    expect(list.body.data).toEqual([]);
    expect((await call('GET', tok.fmEditor, `inventory/${id}`)).status).toBe(404);
    expect((await call('DELETE', tok.fmEditor, `inventory/${id}`)).status).toBe(404);
    const search = await call('GET', tok.tech, 'search?q=LC-HISTORY');
    const groups = (search.body.data as unknown as { groups: { kind: string; items: unknown[] }[] }).groups;
    expect(groups.find((g) => g.kind === 'inventory')?.items).toEqual([]);
    const detail = (await call('GET', tok.fmEditor, `purchase-orders/${po}`)).body
      .data as unknown as PurchaseOrderDetail;
    expect(detail.lines[0]).toMatchObject({ item_id: id, part_number: 'LC-HISTORY', archived: true });

    // Not orderable any more (localized field error) ...
    const order = await call('POST', tok.fmEditor, 'purchase-orders', {
      location_id: fmLocation,
      lines: [{ item_id: id, quantity: 1 }],
    });
    expect(order.status).toBe(422);
    expect(order.body.error).toMatchObject({
      details: { fields: [{ field: 'lines.0.item_id', message: 'This item has been removed from stock.' }] },
    });
    // ... until the part is created again: the same item returns, still linked to its order.
    const again = await call('POST', tok.fmEditor, 'inventory', { ...itemBody('LC-HISTORY'), quantity: 7 });
    expect(again.status).toBe(201);
    expect((again.body.data as unknown as InventoryItem).id).toBe(id);
    expect((again.body.data as unknown as InventoryItem).quantity).toBe(7);
    expect(await audits('inventory.restore', id)).toHaveLength(1);
  });

  it('refuses callers without inventory_edit (403) and of another organization (404), changing nothing', async () => {
    const id = await newItem('LC-SCOPE');
    expect((await call('DELETE', tok.fmReader, `inventory/${id}`)).status).toBe(403);
    const outsider = await call('DELETE', tok.outsider, `inventory/${id}`);
    expect(outsider.status).toBe(404);
    expect(outsider.body.error).toMatchObject({ code: 'not_found' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/inventory/${id}` })).statusCode).toBe(401);
    expect((await call('GET', tok.fmEditor, `inventory/${id}`)).status).toBe(200);
    // Staff who see every organization may remove it.
    expect((await call('DELETE', tok.tech, `inventory/${id}`)).status).toBe(204);
  });
});

describe('removing an asset', () => {
  async function newAsset(name: string): Promise<number> {
    const res = await call('POST', tok.fmEditor, 'assets', {
      location_id: fmLocation,
      type: 'compressor',
      name,
      manufacturer: 'Copeland',
      model: 'ZB38',
      serial: name,
      installed_at: '2024-01-01',
      warranty_expiry: null,
      controller_id: null,
    });
    expect(res.status).toBe(201);
    return (res.body.data as unknown as Asset).id;
  }

  it('deletes it with an audit entry that keeps what it was', async () => {
    const id = await newAsset('LC-ASSET-1');
    expect((await call('DELETE', tok.fmEditor, `assets/${id}`)).status).toBe(204);
    expect(await t.database.db.select().from(assets).where(eq(assets.id, id))).toHaveLength(0);
    const [entry] = await audits('asset.delete', id);
    expect(entry?.before).toMatchObject({ name: 'LC-ASSET-1', serial: 'LC-ASSET-1' });
    expect((await call('DELETE', tok.fmEditor, `assets/${id}`)).status).toBe(404);
  });

  it('refuses callers without assets_edit (403) and of another organization (404)', async () => {
    const id = await newAsset('LC-ASSET-2');
    expect((await call('DELETE', tok.fmReader, `assets/${id}`)).status).toBe(403);
    expect((await call('DELETE', tok.manager, `assets/${id}`)).status).toBe(403);
    expect((await call('DELETE', tok.outsider, `assets/${id}`)).status).toBe(404);
    expect((await call('GET', tok.fmEditor, `assets/${id}`)).status).toBe(200);
    expect(await audits('asset.delete', id)).toHaveLength(0);
  });
});
