import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { cloneUser, headers } from '../../test/helpers.ts';

/**
 * The permission and tenant matrix of this area, generated from ONE table: each endpoint × each demo
 * user (with or without the permission) × the user's own organization (FreshMart, 2) or another
 * (Valle Verde, 3). A denied call answers 403 (no permission) or 404 (out of scope) and carries no data.
 */
type Who = 'admin' | 'manager' | 'viewer' | 'technician';
type Target = 'own' | 'other';
type Expect = Record<Who, Record<Target, number>>;

const ORG = { own: 2, other: 3 } as const;
// FreshMart #101 (the viewer's) and Valle Verde Centro.
const LOCATION = { own: 2, other: 7 } as const;

const locationPayload = (name: string) => ({
  name,
  address_line_1: '1 Test Way',
  address_line_2: '',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '+1 512 555 0100',
  timezone: 'America/Chicago',
});

let t: TestApp;
const tokens = {} as Record<Who, string>;
let seq = 0;

/** A fresh member of the target organization (so removing or restricting one never disturbs another row). */
async function memberOf(target: Target): Promise<number> {
  seq += 1;
  const row = await cloneUser(t.database, 'viewer@example.com', `matrix-${seq}@example.com`);
  await t.database.db.update(users).set({ organizationId: ORG[target] }).where(eq(users.id, row.id));
  return row.id;
}

type Row = {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: (target: Target) => Promise<string> | string;
  body?: (target: 'own' | 'other') => unknown;
  expect: Expect;
};

const same = (admin: number, manager: [number, number], viewer: [number, number], technician: [number, number]) =>
  ({
    admin: { own: admin, other: admin },
    manager: { own: manager[0], other: manager[1] },
    viewer: { own: viewer[0], other: viewer[1] },
    technician: { own: technician[0], other: technician[1] },
  }) satisfies Expect;

const TABLE: Row[] = [
  {
    name: 'view an organization',
    method: 'GET',
    url: (o) => `/api/organizations/${ORG[o]}`,
    expect: same(200, [200, 404], [200, 404], [200, 200]),
  },
  {
    name: 'rename an organization',
    method: 'PATCH',
    url: (o) => `/api/organizations/${ORG[o]}`,
    body: () => ({ name: `Renamed ${++seq}` }),
    expect: same(200, [200, 404], [403, 403], [403, 403]),
  },
  {
    name: 'list members',
    method: 'GET',
    url: (o) => `/api/organizations/${ORG[o]}/members`,
    expect: same(200, [200, 404], [200, 404], [200, 200]),
  },
  {
    name: 'create a location',
    method: 'POST',
    url: (o) => `/api/organizations/${ORG[o]}/locations`,
    body: () => locationPayload(`Matrix store ${++seq}`),
    expect: same(201, [201, 404], [403, 403], [403, 403]),
  },
  {
    name: 'view a location',
    method: 'GET',
    url: (o) => `/api/locations/${LOCATION[o]}`,
    expect: same(200, [200, 404], [200, 404], [200, 200]),
  },
  {
    name: 'edit a location',
    method: 'PATCH',
    url: (o) => `/api/locations/${LOCATION[o]}`,
    body: () => locationPayload(editedName()),
    expect: same(200, [200, 404], [403, 403], [403, 403]),
  },
  {
    name: 'invite a member',
    method: 'POST',
    url: (o) => `/api/organizations/${ORG[o]}/members`,
    body: () => ({ email: `invitee-${++seq}@example.com`, language: 'en-US', role_id: 4, all_locations: true }),
    expect: same(201, [201, 404], [403, 403], [403, 403]),
  },
  {
    name: 'list pending invitations',
    method: 'GET',
    url: (o) => `/api/organizations/${ORG[o]}/invitations`,
    expect: same(200, [200, 404], [403, 403], [403, 403]),
  },
  {
    name: 'restrict a member to locations',
    method: 'PATCH',
    url: async (o) => `/api/organizations/${ORG[o]}/members/${await memberOf(o)}`,
    // Restricted to one of that organization's locations (FreshMart #101, Valle Verde Centro).
    body: (o) => ({ all_locations: false, location_ids: [o === 'own' ? 2 : 7] }),
    expect: same(200, [200, 404], [403, 403], [403, 403]),
  },
  {
    name: 'remove a member',
    method: 'DELETE',
    url: async (o) => `/api/organizations/${ORG[o]}/members/${await memberOf(o)}`,
    expect: same(200, [200, 404], [403, 403], [403, 403]),
  },
];

function editedName() {
  seq += 1;
  return `Edited store ${seq}`;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'viewer', 'technician'] as const)
    tokens[who] = await login(t.app, `${who}@example.com`);
});
afterAll(async () => {
  await t?.close();
});

describe('organizations area: permission × tenant matrix', () => {
  const cases = TABLE.flatMap((row) =>
    (['admin', 'manager', 'viewer', 'technician'] as const).flatMap((who) =>
      (['own', 'other'] as const).map((target) => ({ row, who, target, status: row.expect[who][target] })),
    ),
  );

  it.each(cases)('$row.name as $who in the $target organization → $status', async ({ row, who, target, status }) => {
    const auditBefore = (await t.database.db.select().from(auditLog)).length;
    const res = await t.app.inject({
      method: row.method,
      url: await row.url(target),
      headers: headers(tokens[who]),
      ...(row.body ? { payload: row.body(target) as object } : {}),
    });
    expect(res.statusCode, res.body).toBe(status);
    const auditAfter = (await t.database.db.select().from(auditLog)).length;
    if (status >= 400) {
      expect(res.json().data).toBeUndefined();
      expect(res.json().error.code).toBe(status === 403 ? 'forbidden' : 'not_found');
      expect(auditAfter).toBe(auditBefore);
    } else if (row.method !== 'GET') {
      expect(auditAfter).toBe(auditBefore + 1);
    }
  });

  it('anonymous callers get 401 everywhere but the public invitation routes', async () => {
    for (const row of TABLE) {
      const res = await t.app.inject({
        method: row.method,
        url: await row.url('own'),
        ...(row.body ? { payload: row.body('own') as object } : {}),
      });
      expect(res.statusCode, row.name).toBe(401);
    }
  });

  it('creating an organization needs organization_create', async () => {
    const expected: Record<Who, number> = { admin: 201, manager: 403, viewer: 403, technician: 403 };
    for (const who of Object.keys(expected) as Who[]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/organizations',
        headers: headers(tokens[who]),
        payload: { name: `Org by ${who}` },
      });
      expect(res.statusCode, who).toBe(expected[who]);
    }
  });
});

describe('lists are scoped', () => {
  const list = async (who: Who, url: string) =>
    (await t.app.inject({ url, headers: headers(tokens[who]) })).json() as {
      data: { id: number; name: string; organisation?: { id: number } }[];
      meta: { total: number };
    };

  it('organizations: view_all sees all with counts, organization_view only its own', async () => {
    const all = await list('admin', '/api/organizations');
    expect(all.data.length).toBeGreaterThanOrEqual(4);
    expect(all.data.find((o) => o.id === 2)).toMatchObject({
      locations_count: expect.any(Number),
      members_count: expect.any(Number),
    });
    const own = await list('manager', '/api/organizations');
    expect(own.data.map((o) => o.id)).toEqual([2]);
    expect(own.meta.total).toBe(1);
  });

  it('locations: view_all sees every organization, a member only their own locations', async () => {
    const all = await list('technician', '/api/locations?per_page=100');
    expect(new Set(all.data.map((l) => l.organisation?.id))).toEqual(new Set([1, 2, 3, 4]));
    const manager = await list('manager', '/api/locations?per_page=100');
    expect(manager.data.every((l) => l.organisation?.id === 2)).toBe(true);
    const viewer = await list('viewer', '/api/locations?per_page=100');
    expect(viewer.data.map((l) => l.id).sort()).toEqual([2, 3]);
    const other = await list('manager', '/api/locations?organization_id=3');
    expect(other.data).toEqual([]);
  });

  it('the organization view holds controllers, locations and members with email', async () => {
    const res = await t.app.inject({ url: '/api/organizations/2', headers: headers(tokens.viewer) });
    const data = res.json().data;
    expect(data.id).toBe(2);
    // A member limited to locations sees only those locations and their controllers.
    expect(data.locations.map((l: { id: number }) => l.id).sort()).toEqual([2, 3]);
    expect(data.controllers.every((c: { location: { id: number } }) => [2, 3].includes(c.location.id))).toBe(true);
    expect(data.members.some((m: { email: string }) => m.email === 'viewer@example.com')).toBe(true);
  });
});
