import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems, purchaseOrderLines, purchaseOrders, suppliers } from '../../db/schema-inventory.ts';
import { at, MARCH, openReportsApp, type ReportsApp } from '../../test/reports.ts';

describe('reports API: URI purchase orders', () => {
  let r: ReportsApp;

  beforeAll(async () => {
    r = await openReportsApp();
    const { db, fresh, north } = r;
    // Purchase orders: URI and another supplier, in and out of March 2020.
    const [uri] = await db.select().from(suppliers).where(eq(suppliers.code, 'URI'));
    const [other] = await db.insert(suppliers).values({ code: 'RPT-OTHER', name: 'Other Supply' }).returning();
    const item = async (org: number) => {
      const [row] = await db
        .insert(inventoryItems)
        .values({ organizationId: org, productName: 'Report part', partNumber: 'RPT-1', type: 'valve' })
        .returning();
      return row?.id ?? 0;
    };
    const freshItem = await item(fresh.org);
    const northItem = await item(north.org);
    const po = async (
      number: string,
      d: { org: number; loc: number },
      supplierId: number,
      status: string,
      orderedAt: Date | null,
      lines: [number, number, number][],
    ) => {
      const [row] = await db
        .insert(purchaseOrders)
        .values({
          organizationId: d.org,
          locationId: d.loc,
          supplierId,
          number,
          status,
          orderedAt,
          createdAt: orderedAt ?? at('2020-03-10T15:00:00Z'),
        })
        .returning();
      await db.insert(purchaseOrderLines).values(
        lines.map(([itemId, quantity, unitPriceCents]) => ({
          purchaseOrderId: row?.id ?? 0,
          itemId,
          quantity,
          unitPriceCents,
        })),
      );
    };
    await po('RPT-0001', fresh, uri?.id ?? 0, 'sent', at('2020-03-05T10:00:00Z'), [
      [freshItem, 2, 1250],
      [freshItem, 1, 999],
    ]);
    await po('RPT-0002', fresh, uri?.id ?? 0, 'received', at('2020-03-20T10:00:00Z'), [[freshItem, 3, 500]]);
    await po('RPT-0003', fresh, uri?.id ?? 0, 'draft', null, [[freshItem, 1, 100]]);
    await po('RPT-0004', fresh, other?.id ?? 0, 'sent', at('2020-03-06T10:00:00Z'), [[freshItem, 1, 7000]]);
    await po('RPT-0005', fresh, uri?.id ?? 0, 'sent', at('2020-04-02T10:00:00Z'), [[freshItem, 1, 7000]]);
    await po('RPT-0006', north, uri?.id ?? 0, 'sent', at('2020-03-07T10:00:00Z'), [[northItem, 10, 100]]);
  });
  afterAll(async () => {
    await r?.t.close();
  });

  describe('URI purchase orders', () => {
    it('lists the organization’s URI orders of the range with totals', async () => {
      const res = await r.get(`/api/reports/uri_purchase_orders?${MARCH}`, r.manager);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.map((r: { number: string }) => r.number)).toEqual(['RPT-0002', 'RPT-0003', 'RPT-0001']);
      expect(body.data[2]).toMatchObject({ status: 'sent', lines: 2, units: 3, total_cents: 2 * 1250 + 999 });
      expect(body.summary).toMatchObject({ orders: 3, total_cents: 3499 + 1500 + 100 });
      expect(body.summary.by_status).toEqual([
        { status: 'draft', orders: 1, total_cents: 100 },
        { status: 'sent', orders: 1, total_cents: 3499 },
        { status: 'received', orders: 1, total_cents: 1500 },
      ]);
      expect(body.meta).toEqual({ page: 1, per_page: 50, total: 3, last_page: 1 });
    });

    it('filters by status and location, and pages', async () => {
      const sent = (await r.get(`/api/reports/uri_purchase_orders?${MARCH}&status=sent`, r.manager)).json();
      expect(sent.summary).toMatchObject({ orders: 1, total_cents: 3499 });
      const paged = (await r.get(`/api/reports/uri_purchase_orders?${MARCH}&per_page=2&page=2`, r.manager)).json();
      expect(paged.data).toHaveLength(1);
      expect(paged.meta).toEqual({ page: 2, per_page: 2, total: 3, last_page: 2 });
    });

    it('shows another organization nothing of FreshMart’s, and view_all everything', async () => {
      const nw = (await r.get(`/api/reports/uri_purchase_orders?${MARCH}`, r.northwind)).json();
      expect(nw.data.map((r: { number: string }) => r.number)).toEqual(['RPT-0006']);
      const freshMartId = (await r.get(`/api/reports/uri_purchase_orders?${MARCH}`, r.manager)).json().data[0]
        .organization_id;
      const asked = (
        await r.get(`/api/reports/uri_purchase_orders?${MARCH}&organization_id=${freshMartId}`, r.northwind)
      ).json();
      expect(asked.data).toEqual([]);
      const all = (await r.get(`/api/reports/uri_purchase_orders?${MARCH}`, r.technician)).json();
      expect(all.summary).toMatchObject({ orders: 4, total_cents: 5099 + 1000 });
    });

    it('exports CSV in the caller’s language', async () => {
      const res = await r.get(`/api/reports/uri_purchase_orders?${MARCH}&format=csv&lang=es-MX`, r.manager, 'es-MX');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toContain('uri_purchase_orders_2020-03-01_2020-03-31.csv');
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Núm. de OC,Colocada el,Estado,Organización,Ubicación,Líneas,Unidades,Total (USD),Recibida el',
      );
      expect(lines).toHaveLength(4);
      expect(lines[3]).toMatch(
        /^RPT-0001,2020-03-05T04:00:00-06:00,Enviada,FreshMart Foods,FreshMart #101 Downtown,2,3,34.99,$/,
      );
    });

    it('exports a PDF', async () => {
      const res = await r.get(`/api/reports/uri_purchase_orders?${MARCH}&format=pdf`, r.manager);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });
  });
});
