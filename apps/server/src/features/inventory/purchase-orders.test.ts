import type { InventoryItem, PurchaseOrderDetail, PurchaseOrderSummary } from '@rcm/shared/inventory';
import { beforeAll, describe, expect, it } from 'vitest';
import { headers } from '../../test/helpers.ts';
import { t, tok, useInventoryApp } from '../../test/inventory.ts';

let fmLocation: number;
let vvLocation: number;

async function get<T>(token: string, url: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/${url}`, headers: headers(token) });
  return { status: res.statusCode, body: res.json() as T };
}

async function post<T>(token: string, url: string, payload?: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    headers: headers(token),
    payload: payload as never,
  });
  return { status: res.statusCode, body: res.json() as T };
}

async function lowItems(token: string) {
  return (await get<{ data: InventoryItem[] }>(token, 'inventory?availability=needs_reorder&per_page=100')).body.data;
}

useInventoryApp();

beforeAll(async () => {
  type Options = { data: { locations: { id: number; organization_name: string }[]; suppliers: { code: string }[] } };
  const fm = (await get<Options>(tok.fmEditor, 'purchase-orders/options')).body.data;
  expect(fm.suppliers[0]?.code).toBe('URI');
  expect(fm.locations.every((l) => l.organization_name === 'FreshMart Foods')).toBe(true);
  fmLocation = fm.locations[0]?.id ?? 0;
  vvLocation = (await get<Options>(tok.outsider, 'purchase-orders/options')).body.data.locations[0]?.id ?? 0;
});

describe('purchase orders', () => {
  it('lists seeded orders in every status, scoped to the organization', async () => {
    const all = await get<{ data: PurchaseOrderSummary[]; meta: { total: number } }>(
      tok.tech,
      'purchase-orders?per_page=100',
    );
    expect(new Set(all.body.data.map((p) => p.status))).toEqual(new Set(['draft', 'sent', 'received']));
    expect(all.body.data.some((p) => p.supplier.code === 'URI' && p.total > 0)).toBe(true);
    const fm = await get<{ data: PurchaseOrderSummary[] }>(tok.fmEditor, 'purchase-orders?per_page=100');
    expect(fm.body.data.length).toBeGreaterThan(0);
    expect(fm.body.data.every((p) => p.organisation.name === 'FreshMart Foods')).toBe(true);
    const outsider = await get<{ data: PurchaseOrderSummary[]; meta: { total: number } }>(
      tok.outsider,
      'purchase-orders',
    );
    expect(outsider.body.meta.total).toBe(0);
    const fmOrder = fm.body.data[0];
    const peek = await get(tok.outsider, `purchase-orders/${fmOrder?.id}`);
    expect(peek.status).toBe(404);
  });

  it('creates a draft from low-stock items, sends it, and receiving adds to stock once', async () => {
    const low = await lowItems(tok.fmEditor);
    expect(low.length).toBeGreaterThan(0);
    const lines = low.map((i) => ({ item_id: i.id, quantity: 3 }));
    const created = await post<{ data: PurchaseOrderDetail }>(tok.fmEditor, 'purchase-orders', {
      location_id: fmLocation,
      lines,
    });
    expect(created.status).toBe(201);
    const po = created.body.data;
    expect(po).toMatchObject({ status: 'draft', supplier: { code: 'URI' }, line_count: low.length });
    expect(po.number).toMatch(/^PO-\d{4}-\d{6}$/);
    const expectedTotal = low.reduce((sum, i) => sum + i.unit_price * 3, 0);
    expect(po.total).toBeCloseTo(expectedTotal, 2);

    // Receiving a draft is refused: it must be sent first.
    expect((await post(tok.fmEditor, `purchase-orders/${po.id}/receive`)).status).toBe(409);
    const sent = await post<{ data: PurchaseOrderDetail }>(tok.fmEditor, `purchase-orders/${po.id}/send`);
    expect(sent.body.data.status).toBe('sent');
    expect(sent.body.data.ordered_at).not.toBeNull();

    // Another organization can neither receive nor see it; nothing changes.
    expect((await post(tok.outsider, `purchase-orders/${po.id}/receive`)).status).toBe(404);
    // Reading is not enough to receive.
    expect((await post(tok.fmReader, `purchase-orders/${po.id}/receive`)).status).toBe(403);

    const received = await post<{ data: PurchaseOrderDetail }>(tok.fmEditor, `purchase-orders/${po.id}/receive`);
    expect(received.status).toBe(200);
    expect(received.body.data.status).toBe('received');
    const again = await post(tok.fmEditor, `purchase-orders/${po.id}/receive`);
    expect(again.status).toBe(409);

    for (const item of low) {
      const now = (await get<{ data: InventoryItem }>(tok.fmEditor, `inventory/${item.id}`)).body.data;
      expect(now.quantity).toBe(item.quantity + 3);
    }
  });

  it('validates the order: lines needed, items of the location’s organization only, locations in scope', async () => {
    const fmItem = (await lowItems(tok.fmEditor))[0];
    const techItems = (await get<{ data: InventoryItem[] }>(tok.tech, 'inventory?per_page=100')).body.data;
    const serviceItem = techItems.find((i) => i.organisation.name !== 'FreshMart Foods');
    const before = (await get<{ meta: { total: number } }>(tok.tech, 'purchase-orders')).body.meta.total;

    const empty = await post<{ error: { details: { fields: { field: string }[] } } }>(tok.fmEditor, 'purchase-orders', {
      location_id: fmLocation,
      lines: [],
    });
    expect(empty.status).toBe(422);
    expect(empty.body.error.details.fields[0]?.field).toBe('lines');

    const foreignItem = await post<{ error: { details: { fields: { field: string }[] } } }>(
      tok.tech,
      'purchase-orders',
      {
        location_id: fmLocation,
        lines: [
          { item_id: fmItem?.id, quantity: 1 },
          { item_id: serviceItem?.id, quantity: 1 },
        ],
      },
    );
    expect(foreignItem.status).toBe(422);
    expect(foreignItem.body.error.details.fields[0]?.field).toBe('lines.1.item_id');

    const foreignLocation = await post(tok.outsider, 'purchase-orders', {
      location_id: fmLocation,
      lines: [{ item_id: fmItem?.id, quantity: 1 }],
    });
    expect(foreignLocation.status).toBe(422);
    const readerCreate = await post(tok.fmReader, 'purchase-orders', {
      location_id: fmLocation,
      lines: [{ item_id: fmItem?.id, quantity: 1 }],
    });
    expect(readerCreate.status).toBe(403);
    expect(vvLocation).toBeGreaterThan(0);
    expect((await get<{ meta: { total: number } }>(tok.tech, 'purchase-orders')).body.meta.total).toBe(before);
  });
});
