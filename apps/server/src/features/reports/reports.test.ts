import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controllers, rackPoints, racks, readings, readingsHourly } from '../../db/schema.ts';
import { alarms } from '../../db/schema-alarms.ts';
import { inventoryItems, purchaseOrderLines, purchaseOrders, suppliers } from '../../db/schema-inventory.ts';
import { seedReportReadings } from '../../seed/reports.ts';
import { addUser, demoMac, seedAlarms } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';

/** percentile_cont: linear interpolation between the two nearest ranks (written here independently). */
function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const pos = (s.length - 1) * p;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (s[lo] ?? 0) + ((s[hi] ?? 0) - (s[lo] ?? 0)) * (pos - lo);
}

const at = (iso: string) => new Date(iso);
const MARCH = 'from=2020-03-01&to=2020-03-31';

describe('reports API', () => {
  let t: TestApp;
  let manager: string;
  let technician: string;
  let viewer: string;
  let northwind: string;
  const get = (url: string, token: string, locale?: string) =>
    t.app.inject({ method: 'GET', url, headers: headers(token, locale) });

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = at('2026-06-01T12:00:00Z');
    const db = t.database.db;
    await addUser(db, {
      from: 'manager@example.com',
      email: 'nw-manager@example.com',
      organizationName: 'Northwind Grocers',
    });
    [manager, technician, viewer, northwind] = await Promise.all([
      login(t.app, 'manager@example.com'),
      login(t.app, 'technician@example.com'),
      login(t.app, 'viewer@example.com'),
      login(t.app, 'nw-manager@example.com'),
    ]);
    const device = async (i: number) => {
      const [c] = await db
        .select()
        .from(controllers)
        .where(eq(controllers.macAddress, demoMac(i)));
      if (!c?.organizationId || !c.locationId) throw new Error('no controller');
      return { id: c.id, org: c.organizationId, loc: c.locationId };
    };
    const fresh = await device(0); // FreshMart #101
    const north = await device(8); // Northwind Oak Lawn

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

    // Alarm response: five FreshMart alarms with known delays, one at Northwind.
    const ackDelays = [60, 120, 300, 600, 1200];
    const clearDelays = [600, 900, 1800, 3600];
    const seeded = await seedAlarms(
      db,
      ackDelays.map((_, i) => ({
        controller: 0,
        type: 'LOW_SUPERHEAT',
        raisedAt: at(`2020-03-0${i + 3}T08:00:00Z`),
        status: 'cleared' as const,
      })),
    );
    for (const [i, a] of seeded.entries()) {
      const raised = a.raisedAt.getTime();
      const cleared = clearDelays[i];
      await db
        .update(alarms)
        .set({
          acknowledgedAt: new Date(raised + (ackDelays[i] ?? 0) * 1000),
          clearedAt: cleared === undefined ? null : new Date(raised + cleared * 1000),
          status: cleared === undefined ? 'acknowledged' : 'cleared',
        })
        .where(eq(alarms.id, a.id));
    }
    const [nw] = await seedAlarms(db, [
      { controller: 8, type: 'LOW_SUPERHEAT', raisedAt: at('2020-03-04T08:00:00Z'), status: 'acknowledged' },
    ]);
    await db
      .update(alarms)
      .set({ acknowledgedAt: at('2020-03-04T08:00:30Z') })
      .where(eq(alarms.id, nw?.id ?? 0));

    // Racks manually on: two past episodes and one now at FreshMart #101.
    await db.insert(racks).values({ controllerId: fresh.id, ref: 'A', name: 'Rack A', updatedAt: t.clock.now });
    const episodes = await seedAlarms(db, [
      {
        controller: 0,
        type: 'RACK_MANUALLY_ON',
        subject: 'A.COMP1',
        raisedAt: at('2020-03-10T06:00:00Z'),
        status: 'cleared',
      },
      {
        controller: 0,
        type: 'RACK_MANUALLY_ON',
        subject: 'A.COMP1',
        raisedAt: at('2020-02-29T20:00:00Z'),
        status: 'cleared',
      },
      {
        controller: 0,
        type: 'RACK_MANUALLY_ON',
        subject: 'A.COMP1',
        raisedAt: at('2026-06-01T09:00:00Z'),
        status: 'active',
      },
    ]);
    await db
      .update(alarms)
      .set({ clearedAt: at('2020-03-10T10:30:00Z') })
      .where(eq(alarms.id, episodes[0]?.id ?? 0));
    await db
      .update(alarms)
      .set({ clearedAt: at('2020-03-01T02:00:00Z') })
      .where(eq(alarms.id, episodes[1]?.id ?? 0));
    await db.insert(readings).values(
      ['06:00', '07:00', '10:00'].map((hm) => ({
        controllerId: fresh.id,
        key: 'A.COMP1',
        ts: at(`2020-03-10T${hm}:00Z`),
        value: 1,
      })),
    );
    await db.insert(rackPoints).values([
      {
        controllerId: fresh.id,
        addr: 'A.COMP1',
        rackRef: 'A',
        name: 'Compressor 1',
        status: 'manual_on',
        value: 1,
        updatedAt: t.clock.now,
      },
      {
        controllerId: fresh.id,
        addr: 'A.CASE1',
        rackRef: 'A',
        name: 'Case 1 Temperature',
        unit: '°F',
        status: 'ok',
        value: 38,
        updatedAt: t.clock.now,
      },
      {
        controllerId: fresh.id,
        addr: 'A.CASE2',
        rackRef: 'A',
        name: 'Case 2 Temperature',
        unit: '°C',
        status: 'ok',
        value: 3,
        updatedAt: t.clock.now,
      },
    ]);

    // HACCP: 2020-03-02 in Chicago is UTC-6 (daylight time starts on the 8th).
    const hourly: (typeof readingsHourly.$inferInsert)[] = [];
    const bucket = (localHour: number) => new Date(Date.parse('2020-03-02T06:00:00Z') + localHour * 3_600_000);
    for (let h = 0; h < 24; h += 1) {
      const max = h === 14 ? 43 : h === 15 ? 41 : 38;
      hourly.push({
        controllerId: fresh.id,
        key: 'A.CASE1',
        bucket: bucket(h),
        min: max - 1,
        max,
        sum: max * 4,
        count: 4,
      });
    }
    for (let h = 0; h <= 12; h += 1) {
      const max = h === 12 ? 6 : 3;
      hourly.push({ controllerId: fresh.id, key: 'A.CASE2', bucket: bucket(h), min: 2, max, sum: max, count: 1 });
    }
    // Local 2020-03-01 21:00: another day. A.SUCT is no case.
    hourly.push({
      controllerId: fresh.id,
      key: 'A.CASE1',
      bucket: at('2020-03-02T03:00:00Z'),
      min: 50,
      max: 50,
      sum: 50,
      count: 1,
    });
    hourly.push({ controllerId: fresh.id, key: 'A.SUCT', bucket: bucket(3), min: 50, max: 50, sum: 50, count: 1 });
    hourly.push({
      controllerId: north.id,
      key: 'A.CASE1',
      bucket: at('2020-03-02T12:00:00Z'),
      min: 45,
      max: 45,
      sum: 45,
      count: 1,
    });
    await db.insert(readingsHourly).values(hourly);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('access', () => {
    it('needs reports_view', async () => {
      for (const name of ['uri_purchase_orders', 'rack_manually_on', 'haccp', 'alarm_response']) {
        expect((await get(`/api/reports/${name}?${MARCH}`, viewer)).statusCode, name).toBe(403);
        expect((await t.app.inject({ method: 'GET', url: `/api/reports/${name}?${MARCH}` })).statusCode).toBe(401);
      }
    });

    it('offers the locations in scope for the filters', async () => {
      const names = (await get('/api/reports/locations', manager))
        .json()
        .data.map((l: { organization_name: string }) => l.organization_name);
      expect(new Set(names)).toEqual(new Set(['FreshMart Foods']));
      expect((await get('/api/reports/locations', viewer)).statusCode).toBe(403);
    });

    it('rejects bad dates with a localized 422 and field errors', async () => {
      const bad = await get('/api/reports/haccp?from=2020-02-30&to=2020-03-02', manager, 'es-MX');
      expect(bad.statusCode).toBe(422);
      expect(bad.json().error).toMatchObject({
        code: 'validation_failed',
        details: { fields: [{ field: 'from', message: 'Este valor no es válido.' }] },
      });
      const order = await get('/api/reports/alarm_response?from=2020-03-05&to=2020-03-01', manager, 'en-US');
      expect(order.statusCode).toBe(422);
      expect(order.json().error.details.fields).toEqual([{ field: 'to', message: 'The end must be after the start.' }]);
      const long = await get('/api/reports/uri_purchase_orders?from=2019-01-01&to=2020-03-01', manager);
      expect(long.statusCode).toBe(422);
      expect(long.json().error.details.fields[0].field).toBe('to');
      expect((await get('/api/reports/rack_manually_on?from=2020-03-01', manager)).statusCode).toBe(422);
      expect((await get(`/api/reports/haccp?${MARCH}&format=xls`, manager)).statusCode).toBe(422);
    });
  });

  describe('URI purchase orders', () => {
    it('lists the organization’s URI orders of the range with totals', async () => {
      const res = await get(`/api/reports/uri_purchase_orders?${MARCH}`, manager);
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
      const sent = (await get(`/api/reports/uri_purchase_orders?${MARCH}&status=sent`, manager)).json();
      expect(sent.summary).toMatchObject({ orders: 1, total_cents: 3499 });
      const paged = (await get(`/api/reports/uri_purchase_orders?${MARCH}&per_page=2&page=2`, manager)).json();
      expect(paged.data).toHaveLength(1);
      expect(paged.meta).toEqual({ page: 2, per_page: 2, total: 3, last_page: 2 });
    });

    it('shows another organization nothing of FreshMart’s, and view_all everything', async () => {
      const nw = (await get(`/api/reports/uri_purchase_orders?${MARCH}`, northwind)).json();
      expect(nw.data.map((r: { number: string }) => r.number)).toEqual(['RPT-0006']);
      const freshMartId = (await get(`/api/reports/uri_purchase_orders?${MARCH}`, manager)).json().data[0]
        .organization_id;
      const asked = (
        await get(`/api/reports/uri_purchase_orders?${MARCH}&organization_id=${freshMartId}`, northwind)
      ).json();
      expect(asked.data).toEqual([]);
      const all = (await get(`/api/reports/uri_purchase_orders?${MARCH}`, technician)).json();
      expect(all.summary).toMatchObject({ orders: 4, total_cents: 5099 + 1000 });
    });

    it('exports CSV in the caller’s language', async () => {
      const res = await get(`/api/reports/uri_purchase_orders?${MARCH}&format=csv`, manager, 'es-MX');
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
        /^RPT-0001,2020-03-05T10:00:00.000Z,Enviada,FreshMart Foods,FreshMart #101 Downtown,2,3,34.99,$/,
      );
    });

    it('exports a PDF', async () => {
      const res = await get(`/api/reports/uri_purchase_orders?${MARCH}&format=pdf`, manager);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });
  });

  describe('alarm response', () => {
    it('gives count, median and p90 to acknowledge and clear per group', async () => {
      const body = (await get(`/api/reports/alarm_response?${MARCH}&type=LOW_SUPERHEAT`, manager)).json();
      const ack = [60, 120, 300, 600, 1200];
      const clear = [600, 900, 1800, 3600];
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({
        organization_name: 'FreshMart Foods',
        location_name: 'FreshMart #101 Downtown',
        alarm_type: 'LOW_SUPERHEAT',
        severity: 'high',
        alarms: 5,
        acknowledged: 5,
        ack_median: Math.round(percentile(ack, 0.5)),
        ack_p90: Math.round(percentile(ack, 0.9)),
        cleared: 4,
        clear_median: Math.round(percentile(clear, 0.5)),
        clear_p90: Math.round(percentile(clear, 0.9)),
      });
      expect(body.data[0].ack_p90).toBe(960);
      expect(body.summary.by_severity).toEqual([
        expect.objectContaining({ severity: 'high', alarms: 5, ack_median: 300, clear_median: 1350 }),
      ]);
    });

    it('keeps organizations apart', async () => {
      const body = (await get(`/api/reports/alarm_response?${MARCH}`, northwind)).json();
      expect(body.summary.alarms).toBe(1);
      expect(body.data[0]).toMatchObject({
        organization_name: 'Northwind Grocers',
        ack_median: 30,
        cleared: 0,
        clear_median: null,
      });
    });

    it('exports CSV with seconds', async () => {
      const res = await get(`/api/reports/alarm_response?${MARCH}&format=csv`, manager);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toContain('Ack median (s)');
      expect(lines.slice(1)).toContain(
        `FreshMart Foods,FreshMart #101 Downtown,Low superheat (floodback risk),High,5,5,300,960,4,1350,${Math.round(percentile([600, 900, 1800, 3600], 0.9))}`,
      );
    });
  });

  describe('racks manually on', () => {
    it('gives the episodes of the range, clipped, and the racks manually on now', async () => {
      const body = (await get(`/api/reports/rack_manually_on?${MARCH}`, manager)).json();
      expect(body.data).toHaveLength(2);
      expect(body.data[0]).toMatchObject({
        rack_name: 'Rack A',
        point: 'A.COMP1',
        point_name: 'Compressor 1',
        since: '2020-03-10T06:00:00.000Z',
        until: '2020-03-10T10:30:00.000Z',
        last_reading_at: '2020-03-10T10:00:00.000Z',
        seconds: 4.5 * 3600,
        seconds_in_range: 4.5 * 3600,
      });
      expect(body.data[1]).toMatchObject({ seconds: 6 * 3600, seconds_in_range: 2 * 3600 });
      expect(body.summary.seconds_in_range).toBe(6.5 * 3600);
      expect(body.summary.by_location).toEqual([
        expect.objectContaining({
          location_name: 'FreshMart #101 Downtown',
          episodes: 2,
          seconds_in_range: 6.5 * 3600,
        }),
      ]);
      expect(body.summary.now).toEqual([
        expect.objectContaining({ point: 'A.COMP1', since: '2026-06-01T09:00:00.000Z', seconds: 3 * 3600 }),
      ]);
    });

    it('shows another organization nothing', async () => {
      const body = (await get(`/api/reports/rack_manually_on?${MARCH}`, northwind)).json();
      expect(body.data).toEqual([]);
      expect(body.summary.now).toEqual([]);
    });

    it('exports CSV', async () => {
      const res = await get(`/api/reports/rack_manually_on?${MARCH}&format=csv`, manager);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(
        ',Rack A,A.COMP1,2020-03-10T06:00:00.000Z,2020-03-10T10:30:00.000Z,2020-03-10T10:00:00.000Z,16200,16200',
      );
    });
  });

  describe('HACCP log', () => {
    it('logs each case’s hourly temperature per local day and marks excursions', async () => {
      const body = (await get('/api/reports/haccp?from=2020-03-02&to=2020-03-02', manager)).json();
      expect(body.data).toHaveLength(2);
      const [case1, case2] = body.data;
      expect(case1).toMatchObject({
        day: '2020-03-02',
        point: 'A.CASE1',
        unit: '°F',
        limit: 41,
        min: 37,
        max: 43,
        excursions: 1,
      });
      expect(case1.hours[14]).toBe(43);
      expect(case1.hours[15]).toBe(41);
      expect(case1.hours.filter((v: number | null) => v !== null)).toHaveLength(24);
      expect(case2).toMatchObject({ point: 'A.CASE2', unit: '°C', limit: 5, max: 6, excursions: 1 });
      expect(case2.hours.slice(13)).toEqual(Array(11).fill(null));
      expect(body.summary).toMatchObject({ locations: 1, cases: 2, hours_logged: 24 + 13, excursions: 2 });
      expect(body.summary.by_day).toEqual([{ day: '2020-03-02', hours_logged: 37, excursions: 2 }]);
    });

    it('keeps organizations apart and filters by location', async () => {
      const nw = (await get('/api/reports/haccp?from=2020-03-01&to=2020-03-02', northwind)).json();
      expect(nw.data).toHaveLength(1);
      expect(nw.data[0]).toMatchObject({ organization_name: 'Northwind Grocers', max: 45, excursions: 1 });
      const loc = nw.data[0].location_id;
      const fm = (await get(`/api/reports/haccp?from=2020-03-01&to=2020-03-02&location_id=${loc}`, manager)).json();
      expect(fm.data).toEqual([]);
      expect(fm.summary.hours_logged).toBe(0);
    });

    it('exports CSV with 24 hourly columns and excursions starred', async () => {
      const res = await get('/api/reports/haccp?from=2020-03-02&to=2020-03-02&format=csv', manager);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]?.split(',')).toHaveLength(10 + 24);
      const cells = lines[1]?.split(',') ?? [];
      expect(cells.slice(0, 7)).toEqual([
        'FreshMart Foods',
        'FreshMart #101 Downtown',
        '2020-03-02',
        expect.any(String),
        'A.CASE1',
        '°F',
        '41',
      ]);
      expect(cells[7 + 14]).toBe('43*');
      expect(cells[7 + 15]).toBe('41');
    });
  });

  it('the demo seed gives the HACCP report real data, excursions counted as in the rollups', async () => {
    const now = at('2026-06-01T12:00:00Z');
    const written = await seedReportReadings(t.database.db, now, 3);
    expect(written).toBeGreaterThan(0);
    const q = 'from=2026-05-30&to=2026-05-30';
    const body = (await get(`/api/reports/haccp?${q}&per_page=200`, technician)).json();
    // Independently: every seeded case hour of that local day (locations keep their own time zone; the
    // fixture above made FreshMart #101's A.CASE2 a °C point, so its limit is 5).
    const res =
      await t.database.db.execute(sql`select count(*)::int as hours, (count(*) filter (where h.max > case p.unit when '°C' then 5 else 41 end))::int as over
      from readings_hourly h join controllers c on c.id = h.controller_id join locations l on l.id = c.location_id
      left join rack_points p on p.controller_id = h.controller_id and p.addr = h.key
      where h.key like 'A.CASE%' and (h.bucket at time zone l.timezone)::date = '2026-05-30'`);
    const expected = (res as unknown as { rows: { hours: number; over: number }[] }).rows[0];
    expect(body.summary.hours_logged).toBe(expected?.hours);
    expect(body.summary.hours_logged).toBeGreaterThan(0);
    expect(body.summary.excursions).toBe(expected?.over);
    const sumOfRows = body.data.reduce((s: number, r: { excursions: number }) => s + r.excursions, 0);
    expect(sumOfRows).toBe(expected?.over);
  });
});
