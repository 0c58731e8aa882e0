import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARCH, openReportsApp, type ReportsApp } from '../../test/reports.ts';

describe('reports API: access', () => {
  let r: ReportsApp;

  beforeAll(async () => {
    r = await openReportsApp();
  });
  afterAll(async () => {
    await r?.t.close();
  });

  describe('access', () => {
    it('needs reports_view', async () => {
      for (const name of ['uri_purchase_orders', 'rack_manually_on', 'haccp', 'alarm_response']) {
        expect((await r.get(`/api/reports/${name}?${MARCH}`, r.viewer)).statusCode, name).toBe(403);
        expect((await r.t.app.inject({ method: 'GET', url: `/api/reports/${name}?${MARCH}` })).statusCode).toBe(401);
      }
    });

    it('offers the locations in scope for the filters', async () => {
      const names = (await r.get('/api/reports/locations', r.manager))
        .json()
        .data.map((l: { organization_name: string }) => l.organization_name);
      expect(new Set(names)).toEqual(new Set(['FreshMart Foods']));
      expect((await r.get('/api/reports/locations', r.viewer)).statusCode).toBe(403);
    });

    it('rejects bad dates with a localized 422 and field errors', async () => {
      const bad = await r.get('/api/reports/haccp?from=2020-02-30&to=2020-03-02', r.manager, 'es-MX');
      expect(bad.statusCode).toBe(422);
      expect(bad.json().error).toMatchObject({
        code: 'validation_failed',
        details: { fields: [{ field: 'from', message: 'Este valor no es válido.' }] },
      });
      const order = await r.get('/api/reports/alarm_response?from=2020-03-05&to=2020-03-01', r.manager, 'en-US');
      expect(order.statusCode).toBe(422);
      expect(order.json().error.details.fields).toEqual([{ field: 'to', message: 'The end must be after the start.' }]);
      const long = await r.get('/api/reports/uri_purchase_orders?from=2019-01-01&to=2020-03-01', r.manager);
      expect(long.statusCode).toBe(422);
      expect(long.json().error.details.fields[0].field).toBe('to');
      expect((await r.get('/api/reports/rack_manually_on?from=2020-03-01', r.manager)).statusCode).toBe(422);
      expect((await r.get(`/api/reports/haccp?${MARCH}&format=xls`, r.manager)).statusCode).toBe(422);
    });
  });
});
