import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.ts';
import { addOutsider, addUser } from '../../test/alarms.ts';
import { login } from '../../test/app.ts';
import {
  call,
  codeAt,
  freshMartId,
  manager,
  PASSWORD,
  passwordStep,
  reauth,
  t,
  tick,
  useMfaApp,
} from '../../test/mfa.ts';

useMfaApp();

describe('the organization security policy', () => {
  let outsiderAdmin: string;
  let enrolCodes: string[] = [];
  let viewer: string;
  beforeAll(async () => {
    await addOutsider(t.database.db, 'vv-security@example.com', ['settings_view', 'settings_update']);
    outsiderAdmin = await login(t.app, 'vv-security@example.com');
    viewer = await login(t.app, 'viewer@example.com');
  });
  const policy = {
    require_mfa: 'all',
    require_mfa_role_ids: [],
    allowed_methods: ['totp', 'webauthn'],
    session_idle_minutes: null,
    session_max_hours: null,
    support_access: 'grant',
  };
  beforeEach(async () => {
    // Each test starts from the defaults (a clean policy row).
    await call('PUT', `/api/organizations/${freshMartId}/security-policy`, manager, {
      ...policy,
      require_mfa: 'off',
      support_access: 'always',
    });
  });

  it('is read and changed by the organization’s administrators only, audited', async () => {
    const read = await call('GET', `/api/organizations/${freshMartId}/security-policy`, manager);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({
      organization_id: freshMartId,
      require_mfa: 'off',
      support_access: 'always',
    });
    const put = await call('PUT', `/api/organizations/${freshMartId}/security-policy`, manager, policy);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ require_mfa: 'all', support_access: 'grant' });
    // Another organization's administrator neither reads nor changes it; a viewer may not.
    expect((await call('GET', `/api/organizations/${freshMartId}/security-policy`, outsiderAdmin)).statusCode).toBe(
      404,
    );
    const foreign = await call('PUT', `/api/organizations/${freshMartId}/security-policy`, outsiderAdmin, policy);
    expect(foreign.statusCode).toBe(404);
    expect((await call('GET', `/api/organizations/${freshMartId}/security-policy`, viewer)).statusCode).toBe(403);
    // Bad input changes nothing.
    const bad = await call('PUT', `/api/organizations/${freshMartId}/security-policy`, manager, {
      ...policy,
      require_mfa: 'roles',
      require_mfa_role_ids: [999_999],
    });
    expect(bad.statusCode).toBe(422);
    const tooShort = await call('PUT', `/api/organizations/${freshMartId}/security-policy`, manager, {
      ...policy,
      session_idle_minutes: 1,
    });
    expect(tooShort.statusCode).toBe(422);
    expect(
      (await call('GET', `/api/organizations/${freshMartId}/security-policy`, manager)).json().data.require_mfa,
    ).toBe('all');
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'organization.security_policy'));
    expect(entries.some((e) => (e.after as { require_mfa: string }).require_mfa === 'all')).toBe(true);
  });

  it('has a person without a factor enroll at sign-in where it requires one', async () => {
    await addUser(t.database.db, {
      from: 'manager@example.com',
      email: 'enroll@example.com',
      permissions: ['alarms_view'],
    });
    await call('PUT', `/api/organizations/${freshMartId}/security-policy`, manager, policy);
    const step = (await passwordStep('enroll@example.com')).json().data;
    expect(step).toMatchObject({ mfa_enrollment_required: true, allowed_methods: ['totp', 'webauthn'] });
    const created = await call('POST', '/api/auth/login/enroll/totp', null, {
      enrollment_token: step.enrollment_token,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { factor_id, secret } = created.json().data;
    const wrong = await call('POST', '/api/auth/login/enroll/totp/verify', null, {
      enrollment_token: step.enrollment_token,
      factor_id,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(422);
    const done = await call('POST', '/api/auth/login/enroll/totp/verify', null, {
      enrollment_token: step.enrollment_token,
      factor_id,
      code: codeAt(secret),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().recovery_codes).toHaveLength(10);
    enrolCodes = done.json().recovery_codes;
    expect(done.json().data.email).toBe('enroll@example.com');
    const session = String(done.headers.authorization).replace(/^Bearer /, '');
    expect((await call('GET', '/api/account/mfa', session)).json().data).toMatchObject({ required: true });
    // The token served once; the next sign-in asks for the factor.
    const reused = await call('POST', '/api/auth/login/enroll/totp', null, { enrollment_token: step.enrollment_token });
    expect(reused.statusCode).toBe(401);
    expect((await passwordStep('enroll@example.com')).json().data.mfa_required).toBe(true);
    // Where the policy requires a factor, the last one cannot be removed (an administrator resets it).
    tick(30_000);
    const removed = await call('DELETE', `/api/account/mfa/${factor_id}`, session, {
      reauth_token: await reauth(session),
    });
    expect([removed.statusCode, removed.json().error.code]).toEqual([409, 'mfa_required_by_policy']);
  });

  it('requires a factor of the named roles only', async () => {
    const [v] = await t.database.db.select().from(users).where(eq(users.email, 'viewer@example.com'));
    await call('PUT', `/api/organizations/${freshMartId}/security-policy`, manager, {
      ...policy,
      require_mfa: 'roles',
      require_mfa_role_ids: [v?.roleId],
    });
    expect((await passwordStep('viewer@example.com')).json().data.mfa_enrollment_required).toBe(true);
    expect((await passwordStep('manager@example.com')).json().data.email).toBe('manager@example.com');
  });

  it('shows administrators who has enrolled, and lets them reset a user’s factors (audited, sessions ended)', async () => {
    const [person] = await t.database.db.select().from(users).where(eq(users.email, 'enroll@example.com'));
    const id = person?.id ?? 0;
    const session = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token: (await passwordStep('enroll@example.com')).json().data.mfa_token,
      method: 'recovery_code',
      code: enrolCodes[0],
    });
    const sessionToken = String(session.headers.authorization).replace(/^Bearer /, '');
    const shown = await call('GET', `/api/settings/users/${id}`, manager);
    expect(shown.json().data.mfa_enrolled).toBe(true);
    const list = await call('GET', '/api/settings/users?per_page=100', manager);
    const row = list.json().data.find((u: { id: number }) => u.id === id);
    expect(row.mfa_enrolled).toBe(true);
    // Another organization's administrator cannot reach them.
    expect((await call('DELETE', `/api/settings/users/${id}/mfa`, outsiderAdmin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/settings/users/${id}/mfa`, manager)).statusCode).toBe(204);
    expect((await call('GET', '/api/auth/user', sessionToken)).statusCode).toBe(401);
    expect((await call('GET', `/api/settings/users/${id}`, manager)).json().data.mfa_enrolled).toBe(false);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.mfa_reset'), eq(auditLog.subjectId, String(id))));
    expect(entry?.after).toEqual({ factors: 1 });
  });

  it('ends sessions past the idle and the absolute limits on the next request', async () => {
    await call('PUT', `/api/organizations/${freshMartId}/security-policy`, manager, {
      ...policy,
      require_mfa: 'off',
      session_idle_minutes: 15,
      session_max_hours: 2,
    });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': 'Idle browser' },
      payload: { email: 'viewer@example.com', password: PASSWORD },
    });
    const idle = String(signedIn.headers.authorization).replace(/^Bearer /, '');
    tick(14 * 60_000);
    expect((await call('GET', '/api/auth/user', idle)).statusCode).toBe(200);
    const active = await login(t.app, 'viewer@example.com');
    const agents = async () =>
      ((await call('GET', '/api/account/sessions', active)).json().data as { user_agent: string | null }[]).map(
        (x) => x.user_agent,
      );
    expect(await agents()).toContain('Idle browser');
    tick(8 * 60_000);
    expect((await call('GET', '/api/auth/user', active)).statusCode).toBe(200);
    tick(8 * 60_000);
    // The idle session is no longer listed among the person's sessions, and its next request is refused.
    expect(await agents()).not.toContain('Idle browser');
    expect((await call('GET', '/api/auth/user', idle)).statusCode).toBe(401);
    // Used every ten minutes, it still ends two hours after sign-in.
    const busy = await login(t.app, 'viewer@example.com');
    for (let i = 0; i < 11; i++) {
      tick(10 * 60_000 + 1_000);
      expect((await call('GET', '/api/auth/user', busy)).statusCode).toBe(200);
    }
    tick(10 * 60_000);
    expect((await call('GET', '/api/auth/user', busy)).statusCode).toBe(401);
    // Another organization's sessions are not touched by this one's limits.
    expect((await call('GET', '/api/auth/user', outsiderAdmin)).statusCode).toBe(200);
  });
});
