/**
 * The API's permission matrix, from ONE table: every endpoint × a user holding exactly what it needs
 * (never 401/403) × a user holding every other permission (403). Tenant scope (a user of another
 * organization getting 404 and no data) is proven per feature, next to each feature's routes.
 */
import { PERMISSIONS, type Permission } from '@rcm/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, seedAlarms } from './test/alarms.ts';
import { createTestApp, login, type TestApp } from './test/app.ts';
import { headers } from './test/helpers.ts';

type Ids = { alarmRef: number; controllerId: number; pendingId: number };

type Case = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (ids: Ids) => string;
  /** Any one of these is enough (spec section 2: a list needs at least one). */
  anyOf: Permission[];
  /** Needed as well, whatever the alternative (an action on an alarm needs to see alarms too). */
  also?: Permission[];
  body?: (ids: Ids) => unknown;
  /** What a caller without the permission gets, when not 403 (a resource it may not see is missing). */
  denied?: 404;
};

export const MATRIX: Case[] = [
  // Controllers
  { method: 'GET', url: () => '/api/controllers', anyOf: ['controllers_view', 'controllers_view_all'] },
  {
    method: 'GET',
    url: (i) => `/api/controllers/${i.controllerId}`,
    anyOf: ['controllers_view', 'controllers_view_all'],
    // Authorizers see pending controllers here too, so an authorized one is simply not theirs to see.
    denied: 404,
  },
  {
    method: 'GET',
    url: (i) => `/api/controllers/${i.controllerId}/racks`,
    anyOf: ['controllers_view', 'controllers_view_all'],
  },
  {
    method: 'PATCH',
    url: (i) => `/api/controllers/${i.controllerId}`,
    anyOf: ['controllers_edit'],
    body: () => ({
      name: 'Rack A Controller',
      store_alias: 'Store 101',
      location_id: 2,
      device_model: null,
      vendor_endpoint: null,
      warranty_expiry: null,
      secure_mode: true,
    }),
  },
  { method: 'GET', url: () => '/api/controllers/unauthorised', anyOf: ['controller_authorize'] },
  {
    method: 'POST',
    url: (i) => `/api/controllers/${i.pendingId}/authorise`,
    anyOf: ['controllers_update'],
    body: () => ({ organization_id: 2, location_id: 2, name: 'Matrix controller' }),
  },
  // Alarms
  { method: 'GET', url: () => '/api/alarms', anyOf: ['alarms_view'] },
  { method: 'GET', url: () => '/api/alarms/stats', anyOf: ['alarms_view'] },
  { method: 'GET', url: (i) => `/api/alarms/${i.alarmRef}`, anyOf: ['alarms_view'] },
  {
    method: 'POST',
    url: (i) => `/api/alarms/${i.alarmRef}/acknowledge`,
    anyOf: ['alarms_acknowledge'],
    also: ['alarms_view'],
  },
  { method: 'POST', url: (i) => `/api/alarms/${i.alarmRef}/clear`, anyOf: ['alarms_clear'], also: ['alarms_view'] },
  {
    method: 'PUT',
    url: (i) => `/api/alarms/${i.alarmRef}/notes`,
    anyOf: ['alarms_acknowledge'],
    also: ['alarms_view'],
    body: () => ({ notes: '<p>Checked the valve.</p>' }),
  },
  {
    method: 'POST',
    url: () => '/api/alarms/bulk',
    anyOf: ['alarms_acknowledge'],
    also: ['alarms_view'],
    body: (i) => ({ action: 'acknowledge', refs: [i.alarmRef] }),
  },
  // Search
  { method: 'GET', url: () => '/api/search?q=FreshMart', anyOf: ['search_view'] },
];

let t: TestApp;
let ids: Ids;
const tokens = new Map<string, string>();
let users = 0;

/** A FreshMart member (all locations) whose role holds exactly these permissions. */
async function tokenFor(permissions: Permission[]): Promise<string> {
  const key = [...new Set(permissions)].sort().join(',');
  const cached = tokens.get(key);
  if (cached) return cached;
  users += 1;
  const email = `matrix-${users}@example.com`;
  await addUser(t.database.db, { from: 'manager@example.com', email, permissions: [...new Set(permissions)] });
  const token = await login(t.app, email);
  tokens.set(key, token);
  return token;
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '10000' });
  const [alarm] = await seedAlarms(t.database.db, [{ controller: 0, status: 'active' }]);
  const adminToken = await login(t.app, 'admin@example.com');
  const pending = await t.app.inject({ url: '/api/controllers/unauthorised', headers: headers(adminToken) });
  ids = { alarmRef: alarm?.ref ?? 0, controllerId: 1, pendingId: pending.json().data[0].id };
});
afterAll(async () => {
  await t?.close();
});

function request(c: Case, token: string) {
  return t.app.inject({
    method: c.method,
    url: c.url(ids),
    headers: headers(token),
    ...(c.body ? { payload: c.body(ids) as object } : {}),
  });
}

describe('API permission matrix', () => {
  for (const c of MATRIX) {
    const label = `${c.method} ${c.url({ alarmRef: 0, controllerId: 0, pendingId: 0 }).replace(/\/0(\/|$)/g, '/:id$1')}`;
    it(`${label}: ${c.denied ?? 403} without ${c.anyOf.join(' or ')}`, async () => {
      const others = PERMISSIONS.filter((p) => !c.anyOf.includes(p));
      const res = await request(c, await tokenFor(others));
      expect(res.statusCode, res.body).toBe(c.denied ?? 403);
      expect(res.json().error.code).toBe(c.denied ? 'not_found' : 'forbidden');
    });
    for (const p of c.anyOf) {
      it(`${label}: allowed with ${[p, ...(c.also ?? [])].join(' + ')}`, async () => {
        const res = await request(c, await tokenFor([p, ...(c.also ?? [])]));
        expect([401, 403], res.body).not.toContain(res.statusCode);
        expect(res.statusCode, res.body).toBeLessThan(500);
      });
    }
  }

  it('answers 401 to every endpoint without a session', async () => {
    for (const c of MATRIX) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url(ids),
        ...(c.body ? { payload: c.body(ids) as object } : {}),
      });
      expect(res.statusCode, `${c.method} ${c.url(ids)}`).toBe(401);
    }
  });
});
