import type { InventoryItem } from '@rcm/shared/inventory';
import type { ListMeta } from '@rcm/shared/pagination';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { query } from '../lib/sql.ts';
import { addOutsider, addUser } from './alarms.ts';
import { createTestApp, login, type TestApp } from './app.ts';
import { headers } from './helpers.ts';

/** Sign-ins of the inventory tests: FreshMart's technician, editor, reader and viewer, and Valle Verde's editor. */
export type InventoryTokens = Record<'tech' | 'fmEditor' | 'fmReader' | 'outsider' | 'viewer', string>;

/** A valid item body, with `over` replacing fields. */
export const itemBody = (over: Record<string, unknown> = {}) => ({
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

/** The demo app with the users the inventory tests sign in as. */
export async function openInventoryApp(): Promise<{ t: TestApp; tok: InventoryTokens }> {
  const t = await createTestApp();
  const db = t.database.db;
  await addUser(db, {
    from: 'manager@example.com',
    email: 'fm-editor@example.com',
    permissions: ['inventory_view', 'inventory_edit'],
  });
  await addUser(db, { from: 'manager@example.com', email: 'fm-reader@example.com', permissions: ['inventory_view'] });
  await addOutsider(db, 'vv-editor@example.com', ['inventory_view', 'inventory_edit']);
  const tok: InventoryTokens = {
    tech: await login(t.app, 'technician@example.com'),
    fmEditor: await login(t.app, 'fm-editor@example.com'),
    fmReader: await login(t.app, 'fm-reader@example.com'),
    outsider: await login(t.app, 'vv-editor@example.com'),
    viewer: await login(t.app, 'viewer@example.com'),
  };
  return { t, tok };
}

/** GET /api/inventory as `token`. */
export async function listItems(t: TestApp, token: string, qs = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/inventory?${qs}`, headers: headers(token) });
  return { status: res.statusCode, body: res.json() as { data: InventoryItem[]; meta: ListMeta } };
}

/** How many items an organization (by name) holds. */
export async function itemCount(t: TestApp, organizationName: string): Promise<number> {
  const [row] = await query<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from inventory_items i join organizations o on o.id = i.organization_id where o.name = ${organizationName}`,
  );
  return Number(row?.n);
}

/** The app and sign-ins of the test file that called useInventoryApp, once its beforeAll has run. */
export let t: TestApp;
export let tok: InventoryTokens;

/** Opens the inventory app for the calling test file (its beforeAll) and closes it afterwards. */
export function useInventoryApp(): void {
  beforeAll(async () => {
    ({ t, tok } = await openInventoryApp());
  });
  afterAll(() => t?.close());
}

/** GET /api/inventory as `token` on the app useInventoryApp opened. */
export const list = (token: string, qs = '') => listItems(t, token, qs);
