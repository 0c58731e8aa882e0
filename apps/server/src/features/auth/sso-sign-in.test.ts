import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userLocations } from '../../db/schema.ts';
import { ssoFlows } from '../../db/schema-access.ts';
import { apiTokens } from '../../db/schema-auth.ts';
import {
  addConnection,
  cookieOf,
  fmLocations,
  freshMartId,
  idp,
  inject,
  managerRoleId,
  ssoSignIn,
  t,
  throughProvider,
  userByEmail,
  useSsoApp,
  viewerRoleId,
} from '../../test/sso.ts';

useSsoApp();

let connectionId: number;

beforeAll(async () => {
  connectionId = await addConnection();
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
