import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../../db/schema.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';

let t: TestApp;
let admin: string;
let locationId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin@example.com');
  const [location] = await t.database.db.select().from(locations).limit(1);
  locationId = location?.id ?? 0;
  // Two windows to page through.
  for (const hours of [1, 2]) {
    const at = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/maintenance-windows',
      headers: headers(admin),
      payload: { location_id: locationId, starts_at: at(hours), ends_at: at(hours + 1), reason: 'Cleaning' },
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(async () => {
  await t?.close();
});

/**
 * Answers with an array in `data` and no paging, on purpose: fixed catalogs, pickers that offer every
 * choice, and parts of one record shown whole. Any other list is paged (`meta`: page, per_page,
 * total, last_page).
 */
const WHOLE = new Set([
  // Catalogs.
  'GET /api/languages',
  'GET /api/alarm-types',
  'GET /api/refrigerants',
  'GET /api/member-roles',
  'GET /api/audit-log/actions',
  'GET /api/inventory/brands',
  // Pickers.
  'GET /api/organizations/{id}/locations',
  'GET /api/jobs/categories',
  'GET /api/jobs/locations',
  'GET /api/jobs/{id}/assignable',
  // One record's parts, or a short list the contract gives whole.
  'GET /api/controllers/{id}/racks',
  'GET /api/controllers/{id}/racks/{ref}/refrigerant-events',
  'GET /api/organizations/{id}/members',
  'GET /api/organizations/{id}/invitations',
  // An organization's identity providers: one or two.
  'GET /api/organizations/{id}/sso-connections',
  'GET /api/controllers/unauthorised',
  'GET /api/alarms/floods',
  'GET /api/admin/backups',
  // A person's live sessions (a handful; they end the ones they do not recognize).
  'GET /api/account/sessions',
  // Computed, not stored: a schedule's rota over the asked range, who is on call now, what would page nobody.
  'GET /api/oncall/schedules/{id}/shifts',
  'GET /api/oncall/now',
  'GET /api/oncall/warnings',
  // A person's notification rules, saved and read as one list.
  'GET /api/account/notification-rules',
  // One alarm's pages.
  'GET /api/alarms/{ref}/pages',
  'GET /api/alarms/{ref}/my-pages',
]);

type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[] };

describe('every list is paged', () => {
  it('answers `meta` with its page beside every list of the API reference, pickers and catalogs aside', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>
      >;
    };
    const lists: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      const schema = operations.get?.responses['200']?.content?.['application/json']?.schema;
      if (schema?.properties?.data?.type !== 'array') continue;
      const name = `GET ${path}`;
      lists.push(name);
      if (WHOLE.has(name)) continue;
      expect([name, Object.keys(schema.properties.meta?.properties ?? {}).sort()]).toEqual([
        name,
        expect.arrayContaining(['last_page', 'page', 'per_page', 'total']),
      ]);
    }
    for (const name of WHOLE) expect(lists, name).toContain(name);
  });

  it.each([
    ['maintenance windows', () => `maintenance-windows?location_id=${locationId}`],
    ['suppliers', () => 'inventory/suppliers?include_archived=true'],
    ['job categories', () => 'settings/job-categories'],
    ['the reports’ locations', () => 'reports/locations'],
  ])('pages %s', async (_name, url) => {
    const inject = (query: string) =>
      t.app.inject({ url: `/api/${url()}${url().includes('?') ? '&' : '?'}${query}`, headers: headers(admin) });
    const get = async (query: string) => {
      const res = await inject(query);
      expect(res.statusCode).toBe(200);
      return res.json() as {
        data: { id: number }[];
        meta: { page: number; per_page: number; total: number; last_page: number };
      };
    };
    const all = await get('per_page=100');
    expect(all.meta).toMatchObject({ page: 1, per_page: 100, total: all.data.length, last_page: 1 });
    expect(all.data.length).toBeGreaterThan(1);
    const second = await get('per_page=1&page=2');
    expect(second.meta).toMatchObject({ page: 2, per_page: 1, total: all.data.length, last_page: all.data.length });
    expect(second.data).toEqual([all.data[1]]);
    // Past the last page: an empty page, the same total.
    const past = await get(`per_page=1&page=${all.data.length + 1}`);
    expect(past).toEqual({ data: [], meta: { ...second.meta, page: all.data.length + 1 } });
    expect((await inject('per_page=0')).statusCode).toBe(422);
  });
});
