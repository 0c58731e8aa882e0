import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { controllers, locations, organizations } from '../db/schema.ts';
import { addUser, type SeededAlarm, seedAlarms } from './alarms.ts';
import { createTestApp, login, type TestApp } from './app.ts';
import { callApi, DAY } from './helpers.ts';

export let t: TestApp;
export let fm: number;
export let vv: number;
export let polar: number;
export let fmAdmin: string;
export let vvAdmin: string;
export let fmController: number;
export let fmLocation: number;
export let fmAlarm: SeededAlarm;
export let vvAlarm: SeededAlarm;

export const orgId = async (name: string) => {
  const [o] = await t.database.db.select().from(organizations).where(eq(organizations.name, name));
  if (!o) throw new Error(name);
  return o.id;
};

export const ADMIN_PERMISSIONS = [
  'organization_view',
  'locations_view',
  'controllers_view',
  'alarms_view',
  'settings_view',
  'settings_update',
] as const;

export const api = (...args: Parameters<typeof callApi> extends [unknown, ...infer R] ? R : never) =>
  callApi(t.app, ...args);

export async function setSupportAccess(
  token: string,
  organizationId: number,
  supportAccess: 'always' | 'grant' | 'never',
) {
  const current = await api('GET', token, `organizations/${organizationId}/security-policy`);
  expect(current.status).toBe(200);
  const { organization_id: _o, updated_at: _u, ...policy } = current.body.data as unknown as Record<string, unknown>;
  const res = await api('PUT', token, `organizations/${organizationId}/security-policy`, {
    ...policy,
    support_access: supportAccess,
  });
  expect(res.status).toBe(200);
}

/** Ends FreshMart's active grants (tests start from none). */
export async function endGrants() {
  const listed = await api('GET', fmAdmin, `organizations/${fm}/support-grants`);
  for (const g of listed.body.data as unknown as { id: number; state: string }[])
    if (g.state === 'active') await api('DELETE', fmAdmin, `support-grants/${g.id}`);
}

export const inDays = (days: number) => new Date(t.clock.now.getTime() + days * DAY).toISOString();

/** What a caller sees of FreshMart: its controllers, locations and alarms, listed and read directly. */
export async function seesFreshMart(token: string) {
  const list = await Promise.all([
    api('GET', token, `controllers?organization_id=${fm}&per_page=100`),
    api('GET', token, `locations?organization_id=${fm}&per_page=100`),
    api('GET', token, `alarms?organization_id=${fm}&per_page=100&status=active`),
    api('GET', token, 'alarms?per_page=100&status=active'),
    api('GET', token, 'organizations?per_page=100'),
  ]);
  const direct = await Promise.all([
    api('GET', token, `controllers/${fmController}`),
    api('GET', token, `locations/${fmLocation}`),
    api('GET', token, `alarms/${fmAlarm.ref}`),
    api('GET', token, `organizations/${fm}`),
  ]);
  const rows = (r: { body: Record<string, never> }) =>
    (r.body.data as unknown as { id?: number; ref?: number }[]) ?? [];
  const [cs, ls, as, all, orgs] = list;
  return {
    controllers: rows(cs as never).length,
    locations: rows(ls as never).length,
    alarms: rows(as as never).length,
    inAllAlarms: rows(all as never).some((a) => a.ref === fmAlarm.ref),
    otherAlarms: rows(all as never).some((a) => a.ref === vvAlarm.ref),
    inOrganizations: rows(orgs as never).some((o) => o.id === fm),
    direct: direct.map((d) => d.status),
  };
}

export const HIDDEN = {
  controllers: 0,
  locations: 0,
  alarms: 0,
  inAllAlarms: false,
  otherAlarms: true,
  inOrganizations: false,
  direct: [404, 404, 404, 404],
};

/** The app with FreshMart's and Valle Verde's administrators, the service company's administrator and technician (each file signs them in: a test signs in again), an alarm of each organization. Registers the file's hooks. */
export function useSupportGrantsApp() {
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    fm = await orgId('FreshMart Foods');
    vv = await orgId('Valle Verde Supermercados');
    polar = await orgId('Polar Refrigeration Services');
    await addUser(t.database.db, {
      from: 'manager@example.com',
      email: 'fm-admin@example.com',
      permissions: [...ADMIN_PERMISSIONS],
    });
    await addUser(t.database.db, {
      from: 'manager@example.com',
      email: 'vv-admin@example.com',
      organizationName: 'Valle Verde Supermercados',
      permissions: [...ADMIN_PERMISSIONS],
    });
    fmAdmin = await login(t.app, 'fm-admin@example.com');
    vvAdmin = await login(t.app, 'vv-admin@example.com');
    const [c] = await t.database.db.select().from(controllers).where(eq(controllers.organizationId, fm)).limit(1);
    const [l] = await t.database.db.select().from(locations).where(eq(locations.organizationId, fm)).limit(1);
    fmController = c?.id ?? 0;
    fmLocation = l?.id ?? 0;
    [fmAlarm, vvAlarm] = (await seedAlarms(t.database.db, [{ controller: 0 }, { controller: 5 }])) as [
      SeededAlarm,
      SeededAlarm,
    ];
  });
  afterAll(() => t?.close());
}
