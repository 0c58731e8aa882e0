import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { locations, organizations, roles, users } from '../db/schema.ts';
import { MANAGER_PERMISSIONS } from '../features/setup/standard-roles.ts';
import { addOutsider, addUser } from './alarms.ts';
import { createTestApp, login, type TestApp } from './app.ts';
import { headers } from './helpers.ts';
import { signInAtProvider, startTestProvider, type TestProvider } from './oidc-provider.ts';

export const CONSOLE = 'http://console.test';
export let t: TestApp;
export let idp: TestProvider;
export let fmAdmin: string;
export let vvAdmin: string;
export let freshMartId: number;
export let managerRoleId: number;
export let viewerRoleId: number;
export let adminRoleId: number;
export let fmLocations: number[];
export let fmAdminId: number;

export const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: headers(token), ...(payload ? { payload } : {}) });

export const connectionBody = () => ({
  name: 'FreshMart Entra ID',
  issuer: idp.issuer,
  client_id: idp.clientId,
  client_secret: idp.clientSecret,
  email_domains: ['FreshMart.test'],
  claims: { email: 'email', name: 'name', groups: 'groups' },
  jit: { enabled: true, role_id: null, location_ids: null },
  role_mappings: [
    { group: 'fm-managers', role_id: managerRoleId, location_ids: null },
    { group: 'fm-store-101', role_id: viewerRoleId, location_ids: fmLocations.slice(0, 1) },
  ],
  require_sso: false,
  break_glass_user_ids: [],
});

/** The cookie of `name` a response sets (its value), or undefined. */
export function cookieOf(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const found = all.find((c: string) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));
  return found?.split(';')[0]?.slice(name.length + 1);
}

/** Start → the provider's pages as `login` → the callback: the callback's response and the trip's cookie. */
export async function throughProvider(connectionId: number, loginName: string, returnTo = '/alarms') {
  const start = await t.app.inject({
    url: `/api/auth/sso/${connectionId}/start?return_to=${encodeURIComponent(returnTo)}`,
  });
  expect(start.statusCode).toBe(302);
  const flowCookie = cookieOf(start, 'rcm_sso_flow');
  expect(flowCookie).toBeTruthy();
  const back = await signInAtProvider(String(start.headers.location), loginName, CONSOLE);
  return { back, flowCookie: flowCookie as string };
}

export async function ssoSignIn(connectionId: number, loginName: string) {
  const { back, flowCookie } = await throughProvider(connectionId, loginName);
  const callback = await t.app.inject({
    url: back.pathname + back.search,
    headers: { cookie: `rcm_sso_flow=${flowCookie}` },
  });
  expect(callback.statusCode).toBe(302);
  const result = cookieOf(callback, 'rcm_sso_result');
  const complete = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sso/complete',
    headers: { ...(result ? { cookie: `rcm_sso_result=${result}` } : {}), 'user-agent': 'SSO browser' },
  });
  const token = String(complete.headers.authorization ?? '').replace(/^Bearer /, '');
  return { callback, complete, token, result };
}

export const userByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

/** The app on a test OpenID provider (its accounts alice, ana, bob, terry), FreshMart's and another organization's administrators signed in. Registers the file's hooks. */
export function useSsoApp() {
  beforeAll(async () => {
    idp = await startTestProvider({ redirectUris: [`${CONSOLE}/api/auth/sso/callback`] });
    t = await createTestApp({ SSO_ALLOW_INSECURE: 'true', PUBLIC_URL: CONSOLE, LOGIN_RATE_LIMIT: '1000' });
    const db = t.database.db;
    fmAdminId = (
      await addUser(db, {
        from: 'manager@example.com',
        email: 'fm-admin@example.com',
        permissions: [...MANAGER_PERMISSIONS, 'settings_view', 'settings_update'],
      })
    ).id;
    await addOutsider(db, 'vv-admin@example.com', ['settings_view', 'settings_update']);
    fmAdmin = await login(t.app, 'fm-admin@example.com');
    vvAdmin = await login(t.app, 'vv-admin@example.com');
    const [fm] = await db.select().from(organizations).where(eq(organizations.name, 'FreshMart Foods'));
    freshMartId = fm?.id ?? 0;
    const roleId = async (name: string) => (await db.select().from(roles).where(eq(roles.name, name)))[0]?.id ?? 0;
    managerRoleId = await roleId('Store Manager');
    viewerRoleId = await roleId('Store Viewer');
    adminRoleId = await roleId('Administrator');
    fmLocations = (await db.select().from(locations).where(eq(locations.organizationId, freshMartId))).map((l) => l.id);
    idp.accounts.set('alice', { email: 'alice@freshmart.test', name: 'Alice Anders', groups: ['fm-managers'] });
    idp.accounts.set('ana', {
      email: 'Ana@FreshMart.test',
      name: 'Ana Álvarez',
      groups: ['fm-managers'],
      locale: 'es-MX',
    });
    idp.accounts.set('bob', { email: 'bob@freshmart.test', name: 'Bob Brown', groups: ['marketing'] });
    idp.accounts.set('terry', { email: 'technician@example.com', name: 'Not Terry', groups: ['fm-managers'] });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });
}

/** A connection of FreshMart's as its administrator creates it (sso.test.ts makes and changes one through the API): its id. */
export async function addConnection(): Promise<number> {
  const res = await inject('POST', `/api/organizations/${freshMartId}/sso-connections`, fmAdmin, connectionBody());
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}
