import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.ts';
import { mfaFactors } from '../../db/schema-factors.ts';
import { addOutsider, addUser } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';
import { totpStep } from './totp.ts';

/** RFC 6238 appendix B's SHA-1 key ("12345678901234567890"), base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (RFC 6238)', () => {
  it('accepts the RFC’s SHA-1 test vectors as six digits, one step either side, and no step twice', () => {
    // 94287082 at T=59 s and 07081804 at T=1111111109 s: their last six digits.
    expect(totpStep(RFC_SECRET, '287082', new Date(59_000), null)).toBe(1);
    expect(totpStep(RFC_SECRET, '081804', new Date(1_111_111_109_000), null)).toBe(37_037_036);
    // One step late and one early still pass; two do not.
    expect(totpStep(RFC_SECRET, '081804', new Date(1_111_111_109_000 + 30_000), null)).toBe(37_037_036);
    expect(totpStep(RFC_SECRET, '081804', new Date(1_111_111_109_000 - 30_000), null)).toBe(37_037_036);
    expect(totpStep(RFC_SECRET, '081804', new Date(1_111_111_109_000 + 60_000), null)).toBeNull();
    // A step already used, or older than the last used one, is refused.
    expect(totpStep(RFC_SECRET, '081804', new Date(1_111_111_109_000), 37_037_036)).toBeNull();
    expect(totpStep(RFC_SECRET, '081804', new Date(1_111_111_109_000), 37_037_037)).toBeNull();
    expect(totpStep(RFC_SECRET, '000000', new Date(1_111_111_109_000), null)).toBeNull();
  });
});

let t: TestApp;
let manager: string;
let freshMartId: number;
const PASSWORD = 'demo1234';

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: headers(token), ...(payload ? { payload } : {}) });

/** The code an authenticator app shows for the secret at the test clock's time (`offset` steps away). */
const codeAt = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now.getTime() + offsetSteps * 30_000 });

const tick = (ms: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
};

async function reauth(token: string, proof: object = { password: PASSWORD }) {
  const res = await call('POST', '/api/auth/reauth', token, proof);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.reauth_token as string;
}

/** Enrolls a TOTP factor for the signed-in person: its secret and the recovery codes. */
async function enrollTotp(token: string) {
  const created = await call('POST', '/api/account/mfa/totp', token, { reauth_token: await reauth(token) });
  expect(created.statusCode, created.body).toBe(201);
  const { factor_id, secret, otpauth_uri } = created.json().data;
  expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  const verified = await call('POST', `/api/account/mfa/totp/${factor_id}/verify`, token, { code: codeAt(secret) });
  expect(verified.statusCode, verified.body).toBe(200);
  return { factorId: factor_id as number, secret: secret as string, codes: verified.json().data.recovery_codes };
}

async function passwordStep(email: string) {
  const res = await call('POST', '/api/auth/login', null, { email, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
  // A whole number of steps, so that "one step later" is never the same step.
  t.clock.now = new Date(Math.floor(Date.now() / 30_000) * 30_000 + 1_000);
  // FreshMart's administrator of users and security.
  await addUser(t.database.db, {
    from: 'manager@example.com',
    email: 'fm-security@example.com',
    permissions: ['settings_view', 'settings_update', 'organization_view', 'alarms_view'],
  });
  manager = await login(t.app, 'fm-security@example.com');
  const [m] = await t.database.db.select().from(users).where(eq(users.email, 'manager@example.com'));
  freshMartId = m?.organizationId ?? 0;
});
afterAll(() => t?.close());

describe('second factors', () => {
  let token: string;
  let secret: string;
  let codes: string[];
  let factorId: number;

  beforeAll(async () => {
    await addUser(t.database.db, {
      from: 'manager@example.com',
      email: 'totp@example.com',
      permissions: ['alarms_view'],
    });
    token = await login(t.app, 'totp@example.com');
  });

  it('enrolls TOTP behind a fresh re-authentication and answers ten recovery codes with the first factor', async () => {
    const status = await call('GET', '/api/account/mfa', token);
    expect(status.json().data).toEqual({
      factors: [],
      recovery_codes_left: 0,
      required: false,
      allowed_methods: ['totp', 'webauthn'],
    });
    // Without a proof, or with a used one: 401 reauth_required.
    const without = await call('POST', '/api/account/mfa/totp', token, {});
    expect([without.statusCode, without.json().error.code]).toEqual([401, 'reauth_required']);
    const enrolled = await enrollTotp(token);
    ({ secret, codes, factorId } = enrolled);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const after = (await call('GET', '/api/account/mfa', token)).json().data;
    expect(after.factors.map((f: { id: number; kind: string }) => [f.id, f.kind])).toEqual([[factorId, 'totp']]);
    expect(after.recovery_codes_left).toBe(10);
    const [row] = await t.database.db.select().from(mfaFactors).where(eq(mfaFactors.id, factorId));
    expect(row?.verifiedAt).not.toBeNull();
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.mfa_enrolled'), eq(auditLog.subjectId, String(row?.userId))));
    expect(entry?.after).toMatchObject({ factor_id: factorId, kind: 'totp' });
  });

  it('asks for the second factor at sign-in, takes the code once, and a step either side', async () => {
    // Two steps after the enrollment's code: the step before now is one not used yet.
    tick(60_000);
    const first = (await passwordStep('totp@example.com')).json().data;
    expect(first).toMatchObject({ mfa_required: true, methods: ['totp', 'recovery_code'] });
    expect(first.mfa_token).toEqual(expect.any(String));
    // The password alone opened no session.
    const code = codeAt(secret, -1);
    const ok = await call('POST', '/api/auth/login/mfa', null, { mfa_token: first.mfa_token, method: 'totp', code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.email).toBe('totp@example.com');
    expect(String(ok.headers.authorization)).toMatch(/^Bearer /);
    // The same code again (a replay) is refused, and so is the used mfa_token.
    const again = (await passwordStep('totp@example.com')).json().data;
    const replay = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token: again.mfa_token,
      method: 'totp',
      code,
    });
    expect([replay.statusCode, replay.json().error.details?.fields?.[0]?.field]).toEqual([422, 'code']);
    const used = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token: first.mfa_token,
      method: 'totp',
      code: codeAt(secret, 1),
    });
    expect([used.statusCode, used.json().error.code]).toEqual([401, 'mfa_token_invalid']);
    // One step ahead (a phone's clock a little fast) is accepted.
    const ahead = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token: again.mfa_token,
      method: 'totp',
      code: codeAt(secret, 1),
    });
    expect(ahead.statusCode, ahead.body).toBe(200);
    const challenges = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.mfa_challenge'));
    expect(challenges.map((c) => (c.after as { result: string }).result)).toEqual(['passed', 'failed', 'passed']);
  });

  it('takes a recovery code once', async () => {
    const step = (await passwordStep('totp@example.com')).json().data;
    const recovery = codes[0] as string;
    const ok = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token: step.mfa_token,
      method: 'recovery_code',
      code: recovery.toLowerCase(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = (await passwordStep('totp@example.com')).json().data;
    const reused = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token: again.mfa_token,
      method: 'recovery_code',
      code: recovery,
    });
    expect(reused.statusCode).toBe(422);
    expect((await call('GET', '/api/account/mfa', token)).json().data.recovery_codes_left).toBe(9);
  });

  it('ends the mfa_token after five minutes and after ten tries', async () => {
    const late = (await passwordStep('totp@example.com')).json().data;
    tick(5 * 60_000 + 1_000);
    const expired = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token: late.mfa_token,
      method: 'totp',
      code: codeAt(secret),
    });
    expect([expired.statusCode, expired.json().error.code]).toEqual([401, 'mfa_token_invalid']);
    const tried = (await passwordStep('totp@example.com')).json().data;
    for (let i = 0; i < 10; i++) {
      const wrong = await call('POST', '/api/auth/login/mfa', null, {
        mfa_token: tried.mfa_token,
        method: 'totp',
        code: '000000',
      });
      expect(wrong.statusCode).toBe(422);
    }
    const eleventh = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token: tried.mfa_token,
      method: 'totp',
      code: codeAt(secret),
    });
    expect([eleventh.statusCode, eleventh.json().error.code]).toEqual([401, 'mfa_token_invalid']);
  });

  it('re-authenticates with a code, regenerates recovery codes, and removing the factor ends the other sessions', async () => {
    tick(30_000);
    const other = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token: (await passwordStep('totp@example.com')).json().data.mfa_token,
      method: 'totp',
      code: codeAt(secret),
    });
    const otherToken = String(other.headers.authorization).replace(/^Bearer /, '');
    tick(30_000);
    const byCode = await reauth(token, { code: codeAt(secret) });
    const fresh = await call('POST', '/api/account/mfa/recovery-codes', token, { reauth_token: byCode });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const newCodes = fresh.json().data.recovery_codes as string[];
    expect(newCodes).toHaveLength(10);
    // The old set stopped working.
    const step = (await passwordStep('totp@example.com')).json().data;
    const old = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token: step.mfa_token,
      method: 'recovery_code',
      code: codes[1],
    });
    expect(old.statusCode).toBe(422);
    // A wrong code re-authenticates nobody.
    const wrong = await call('POST', '/api/auth/reauth', token, { code: '000000' });
    expect(wrong.statusCode).toBe(422);

    const noProof = await call('DELETE', `/api/account/mfa/${factorId}`, token, {});
    expect([noProof.statusCode, noProof.json().error.code]).toEqual([401, 'reauth_required']);
    const removed = await call('DELETE', `/api/account/mfa/${factorId}`, token, {
      reauth_token: await reauth(token, { code: newCodes[0] }),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await call('GET', '/api/auth/user', otherToken)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/user', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/account/mfa', token)).json().data).toMatchObject({
      factors: [],
      recovery_codes_left: 0,
    });
    // Back to the password alone.
    expect((await passwordStep('totp@example.com')).json().data.email).toBe('totp@example.com');
    // A code is no proof for an account without a factor.
    expect((await call('POST', '/api/auth/reauth', token, { code: '123456' })).statusCode).toBe(422);
  });
});

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
