import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseCsv, toRecords } from '../../../../web/src/features/inventory/csv-parse.ts';
import { query } from '../../lib/sql.ts';
import { headers } from '../../test/helpers.ts';
import { itemCount, list, t, tok, useInventoryApp } from '../../test/inventory.ts';

useInventoryApp();

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
    const before = await itemCount(t, 'FreshMart Foods');
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
    expect(await itemCount(t, 'FreshMart Foods')).toBe(before);
  });

  it('writes every row of a valid file: new part numbers created, known ones updated', async () => {
    const before = await itemCount(t, 'FreshMart Foods');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/import',
      headers: headers(tok.fmEditor),
      payload: { rows: [row('IMP-10'), row('imp-11'), row('FM-LED-48', { quantity: '40', unit_price: '$90' })] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { created: 2, updated: 1 } });
    expect(await itemCount(t, 'FreshMart Foods')).toBe(before + 2);
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
    const before = await itemCount(t, 'FreshMart Foods');
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
    expect(await itemCount(t, 'FreshMart Foods')).toBe(before);
  });
});
