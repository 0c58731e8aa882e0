import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, locations, organizations, roles, userLocations, users } from '../../db/schema.ts';
import { ssoFlows } from '../../db/schema-access.ts';
import { apiTokens, sessions } from '../../db/schema-auth.ts';
import { addOutsider, addUser } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../test/oidc-provider.ts';
import { MANAGER_PERMISSIONS } from '../setup/standard-roles.ts';

const CONSOLE = 'http://console.test';
let t: TestApp;
let idp: TestProvider;
let fmAdmin: string;
let vvAdmin: string;
let freshMartId: number;
let managerRoleId: number;
let viewerRoleId: number;
let adminRoleId: number;
let fmLocations: number[];
let fmAdminId: number;

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

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: headers(token), ...(payload ? { payload } : {}) });

const connectionBody = () => ({
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
function cookieOf(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const found = all.find((c: string) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));
  return found?.split(';')[0]?.slice(name.length + 1);
}

/** Start → the provider's pages as `login` → the callback: the callback's response and the trip's cookie. */
async function throughProvider(connectionId: number, loginName: string, returnTo = '/alarms') {
  const start = await t.app.inject({
    url: `/api/auth/sso/${connectionId}/start?return_to=${encodeURIComponent(returnTo)}`,
  });
  expect(start.statusCode).toBe(302);
  const flowCookie = cookieOf(start, 'rcm_sso_flow');
  expect(flowCookie).toBeTruthy();
  const back = await signInAtProvider(String(start.headers.location), loginName, CONSOLE);
  return { back, flowCookie: flowCookie as string };
}

async function ssoSignIn(connectionId: number, loginName: string) {
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

const userByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

let connectionId: number;

describe('SSO connections', () => {
  it('an organization’s administrator creates one; the secret is written, never read back', async () => {
    const res = await inject('POST', `/api/organizations/${freshMartId}/sso-connections`, fmAdmin, connectionBody());
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    connectionId = data.id;
    expect(data).toMatchObject({
      organization_id: freshMartId,
      client_secret_set: true,
      email_domains: ['freshmart.test'],
      redirect_uri: `${CONSOLE}/api/auth/sso/callback`,
    });
    expect(JSON.stringify(res.json())).not.toContain(idp.clientSecret);
    const list = await inject('GET', `/api/organizations/${freshMartId}/sso-connections`, fmAdmin);
    expect(list.json().data.map((c: { id: number }) => c.id)).toEqual([connectionId]);
    expect(JSON.stringify(list.json())).not.toContain(idp.clientSecret);
    // A change without the secret keeps it.
    const patched = await inject('PATCH', `/api/sso-connections/${connectionId}`, fmAdmin, { name: 'FreshMart IdP' });
    expect(patched.json().data).toMatchObject({ name: 'FreshMart IdP', client_secret_set: true });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'sso_connection.update'))
      .orderBy(desc(auditLog.id));
    expect(JSON.stringify(entry)).not.toContain(idp.clientSecret);
  });

  it('another organization’s administrator neither sees nor changes it; one without the permission is refused', async () => {
    expect((await inject('GET', `/api/organizations/${freshMartId}/sso-connections`, vvAdmin)).statusCode).toBe(404);
    expect(
      (await inject('POST', `/api/organizations/${freshMartId}/sso-connections`, vvAdmin, connectionBody())).statusCode,
    ).toBe(404);
    expect((await inject('PATCH', `/api/sso-connections/${connectionId}`, vvAdmin, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await inject('DELETE', `/api/sso-connections/${connectionId}`, vvAdmin)).statusCode).toBe(404);
    const manager = await login(t.app, 'manager@example.com');
    const res = await inject('GET', `/api/organizations/${freshMartId}/sso-connections`, manager);
    expect([res.statusCode, res.json().error.code]).toEqual([403, 'forbidden']);
  });

  it('refuses a taken domain, a role the caller cannot give, another organization’s location or person', async () => {
    const body = connectionBody();
    const vvOrg = (
      await t.database.db.select().from(organizations).where(eq(organizations.name, 'Valle Verde Supermercados'))
    )[0];
    const taken = await inject('POST', `/api/organizations/${vvOrg?.id}/sso-connections`, vvAdmin, body);
    expect([taken.statusCode, taken.json().error.details.fields[0].field]).toEqual([409, 'email_domains.0']);
    const cases: [object, string][] = [
      [{ role_mappings: [{ group: 'x', role_id: adminRoleId, location_ids: null }] }, 'role_mappings.0.role_id'],
      [{ jit: { enabled: true, role_id: 999_999, location_ids: null } }, 'jit.role_id'],
      [{ jit: { enabled: true, role_id: viewerRoleId, location_ids: [999_999] } }, 'jit.location_ids'],
      [{ break_glass_user_ids: [1] }, 'break_glass_user_ids'],
    ];
    for (const [patch, field] of cases) {
      const res = await inject('PATCH', `/api/sso-connections/${connectionId}`, fmAdmin, patch);
      expect([res.statusCode, res.json().error.details.fields[0].field]).toEqual([422, field]);
    }
  });

  it('refuses an http issuer unless SSO_ALLOW_INSECURE is set', async () => {
    const strict = await createTestApp({ PUBLIC_URL: CONSOLE });
    try {
      const token = await login(strict.app, 'admin@example.com');
      const res = await strict.app.inject({
        method: 'POST',
        url: `/api/organizations/${freshMartId}/sso-connections`,
        headers: headers(token, 'es-MX'),
        payload: { ...connectionBody(), role_mappings: [] },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.details.fields).toEqual([
        { field: 'issuer', message: 'El emisor debe ser una dirección https.' },
      ]);
    } finally {
      await strict.close();
    }
  });
});

describe('signing in through the provider', () => {
  it('discovers the connection by the address’s domain', async () => {
    const found = await t.app.inject({ url: '/api/auth/sso/discover?email=Someone@FRESHMART.test' });
    expect(found.json().data).toEqual({
      connection_id: connectionId,
      organization_name: 'FreshMart Foods',
      require_sso: false,
    });
    const none = await t.app.inject({ url: '/api/auth/sso/discover?email=someone@elsewhere.test' });
    expect(none.json()).toEqual({ data: null });
  });

  it('creates the person on first sign-in with the mapped role, as a session of method sso', async () => {
    const { callback, complete, token } = await ssoSignIn(connectionId, 'alice');
    // Back to the console's completion page, with where to go after; no token in the URL.
    expect(callback.headers.location).toBe('/user/sso?return_to=%2Falarms');
    expect(complete.statusCode).toBe(200);
    expect(complete.json().data).toMatchObject({
      email: 'alice@freshmart.test',
      name: 'Alice Anders',
      organisation: { id: freshMartId },
      role: { id: managerRoleId },
    });
    const sessionsRes = await inject('GET', '/api/account/sessions', token);
    expect(sessionsRes.json().data).toMatchObject([{ method: 'sso', current: true, user_agent: 'SSO browser' }]);
    const alice = await userByEmail('alice@freshmart.test');
    expect(alice?.allLocations).toBe(true);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sso_login'), eq(auditLog.subjectId, String(alice?.id))));
    expect(entry).toMatchObject({ organizationId: freshMartId, actorUserId: alice?.id });
    // Known by (issuer, subject): a second sign-in is the same person, not a second account.
    const again = await ssoSignIn(connectionId, 'alice');
    expect(again.complete.json().data.id).toBe(alice?.id);
  });

  it('takes a newcomer’s language from the provider’s locale claim', async () => {
    const { complete } = await ssoSignIn(connectionId, 'ana');
    expect(complete.json().data).toMatchObject({ email: 'ana@freshmart.test', language: { locale: 'es-MX' } });
  });

  it('re-applies the mapping at every sign-in: another group, another role and its locations', async () => {
    idp.accounts.set('alice', { email: 'alice@freshmart.test', name: 'Alice Anders', groups: ['fm-store-101'] });
    const { complete } = await ssoSignIn(connectionId, 'alice');
    expect(complete.json().data.role.id).toBe(viewerRoleId);
    const alice = await userByEmail('alice@freshmart.test');
    expect(alice?.allLocations).toBe(false);
    const own = await t.database.db
      .select()
      .from(userLocations)
      .where(eq(userLocations.userId, alice?.id ?? 0));
    expect(own.map((r) => r.locationId)).toEqual(fmLocations.slice(0, 1));
  });

  it('a known person whose groups no longer map is refused and loses their sessions and tokens', async () => {
    const before = await ssoSignIn(connectionId, 'alice');
    expect((await inject('GET', '/api/auth/user', before.token)).statusCode).toBe(200);
    // An integration token of hers (made here directly: her role may not create one).
    const [token] = await t.database.db
      .insert(apiTokens)
      .values({
        name: 'Alice’s script',
        tokenHash: 'not-a-real-hash',
        userId: before.complete.json().data.id,
        organizationId: freshMartId,
        permissions: ['alarms_view'],
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    idp.accounts.set('alice', { email: 'alice@freshmart.test', name: 'Alice Anders', groups: ['left-the-company'] });
    const { complete } = await ssoSignIn(connectionId, 'alice');
    expect([complete.statusCode, complete.json().error.code]).toEqual([403, 'sso_no_role']);
    expect(complete.headers.authorization).toBeUndefined();
    expect((await inject('GET', '/api/auth/user', before.token)).statusCode).toBe(401);
    const [revoked] = await t.database.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.id, token?.id ?? 0));
    expect(revoked?.revokedAt).not.toBeNull();
    idp.accounts.set('alice', { email: 'alice@freshmart.test', name: 'Alice Anders', groups: ['fm-managers'] });
  });

  it('refuses an unmapped newcomer (no account made) and an address an unlinked account holds', async () => {
    const bob = await ssoSignIn(connectionId, 'bob');
    expect([bob.complete.statusCode, bob.complete.json().error.code]).toEqual([403, 'sso_no_role']);
    expect(await userByEmail('bob@freshmart.test')).toBeUndefined();
    // technician@example.com is another organization's account: never taken over by its address.
    const terry = await ssoSignIn(connectionId, 'terry');
    expect([terry.complete.statusCode, terry.complete.json().error.code]).toEqual([403, 'sso_account_conflict']);
    const failures = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.login_failed'));
    expect(failures.map((f) => (f.after as { reason?: string }).reason)).toEqual(
      expect.arrayContaining(['sso_no_role', 'sso_account_conflict']),
    );
  });

  it('refuses a tampered state, a trip without its browser’s cookie, a tampered nonce, and a reused completion', async () => {
    const tampered = await throughProvider(connectionId, 'alice');
    const bad = new URL(tampered.back);
    bad.searchParams.set('state', 'forged');
    const res = await t.app.inject({
      url: bad.pathname + bad.search,
      headers: { cookie: `rcm_sso_flow=${tampered.flowCookie}` },
    });
    expect(res.headers.location).toBe('/user/sso?error=sso_not_completed');
    expect(cookieOf(res, 'rcm_sso_result')).toBeUndefined();

    const otherBrowser = await throughProvider(connectionId, 'alice');
    const res2 = await t.app.inject({ url: otherBrowser.back.pathname + otherBrowser.back.search });
    expect(res2.headers.location).toBe('/user/sso?error=sso_not_completed');

    const nonce = await throughProvider(connectionId, 'alice');
    await t.database.db.update(ssoFlows).set({ nonce: 'not-the-nonce-sent' });
    const cb = await t.app.inject({
      url: nonce.back.pathname + nonce.back.search,
      headers: { cookie: `rcm_sso_flow=${nonce.flowCookie}` },
    });
    const result = cookieOf(cb, 'rcm_sso_result');
    const complete = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/complete',
      headers: { cookie: `rcm_sso_result=${result}` },
    });
    expect([complete.statusCode, complete.json().error.code]).toEqual([403, 'sso_provider_error']);

    const ok = await ssoSignIn(connectionId, 'alice');
    expect(ok.complete.statusCode).toBe(200);
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/complete',
      headers: { cookie: `rcm_sso_result=${ok.result}` },
    });
    expect([reused.statusCode, reused.json().error.code]).toEqual([401, 'sso_not_completed']);
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/sso/complete' });
    expect(none.statusCode).toBe(401);
  });

  it('goes back only to the console’s own paths', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const { back, flowCookie } = await throughProvider(connectionId, 'alice', returnTo);
      const cb = await t.app.inject({
        url: back.pathname + back.search,
        headers: { cookie: `rcm_sso_flow=${flowCookie}` },
      });
      expect(cb.headers.location).toBe('/user/sso');
    }
  });
});

describe('SSO required', () => {
  it('refuses password sign-in to the organization’s people, break-glass accounts excepted', async () => {
    const res = await inject('PATCH', `/api/sso-connections/${connectionId}`, fmAdmin, {
      require_sso: true,
      break_glass_user_ids: [fmAdminId],
    });
    expect(res.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-locale': 'es-MX' },
      payload: { email: 'viewer@example.com', password: 'demo1234' },
    });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'sso_required']);
    expect(refused.json().error.message).toContain('inicio de sesión único');
    // A wrong password still answers as for anyone: nothing tells the address uses SSO.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'viewer@example.com', password: 'wrong' },
    });
    expect(wrong.statusCode).toBe(422);
    await login(t.app, 'fm-admin@example.com');
    // Another organization's people are not affected.
    await login(t.app, 'technician@example.com');
    const discovered = await t.app.inject({ url: '/api/auth/sso/discover?email=x@freshmart.test' });
    expect(discovered.json().data.require_sso).toBe(true);
    await inject('PATCH', `/api/sso-connections/${connectionId}`, fmAdmin, {
      require_sso: false,
      break_glass_user_ids: [],
    });
  });
});

describe('removing', () => {
  it('a role a connection gives cannot be deleted', async () => {
    const admin = await login(t.app, 'admin@example.com');
    const [role] = await t.database.db
      .insert(roles)
      .values({ name: 'SSO only', color: '#334155', permissions: ['alarms_view'] })
      .returning();
    await inject('PATCH', `/api/sso-connections/${connectionId}`, fmAdmin, {
      role_mappings: [...connectionBody().role_mappings, { group: 'sso-only', role_id: role?.id, location_ids: null }],
    });
    const res = await inject('DELETE', `/api/settings/roles/${role?.id}`, admin);
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'in_use']);
    await inject('PATCH', `/api/sso-connections/${connectionId}`, fmAdmin, {
      role_mappings: connectionBody().role_mappings,
    });
  });

  it('deleting the connection ends the sessions of the people who signed in through it', async () => {
    const { token } = await ssoSignIn(connectionId, 'alice');
    expect((await inject('DELETE', `/api/sso-connections/${connectionId}`, fmAdmin)).statusCode).toBe(204);
    expect((await inject('GET', '/api/auth/user', token)).statusCode).toBe(401);
    const alice = await userByEmail('alice@freshmart.test');
    const live = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, alice?.id ?? 0)));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const list = await inject('GET', `/api/organizations/${freshMartId}/sso-connections`, fmAdmin);
    expect(list.json().data).toEqual([]);
  });
});
