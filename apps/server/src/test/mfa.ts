import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, expect } from 'vitest';
import { users } from '../db/schema.ts';
import { addUser } from './alarms.ts';
import { createTestApp, login, type TestApp } from './app.ts';
import { headers } from './helpers.ts';

export let t: TestApp;

export let manager: string;

export let freshMartId: number;

export const PASSWORD = 'demo1234';

export const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: headers(token), ...(payload ? { payload } : {}) });

/** The code an authenticator app shows for the secret at the test clock's time (`offset` steps away). */
export const codeAt = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now.getTime() + offsetSteps * 30_000 });

export const tick = (ms: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
};

export async function reauth(token: string, proof: object = { password: PASSWORD }) {
  const res = await call('POST', '/api/auth/reauth', token, proof);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.reauth_token as string;
}

/** Enrolls a TOTP factor for the signed-in person: its secret and the recovery codes. */
export async function enrollTotp(token: string) {
  const created = await call('POST', '/api/account/mfa/totp', token, { reauth_token: await reauth(token) });
  expect(created.statusCode, created.body).toBe(201);
  const { factor_id, secret, otpauth_uri } = created.json().data;
  expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  const verified = await call('POST', `/api/account/mfa/totp/${factor_id}/verify`, token, { code: codeAt(secret) });
  expect(verified.statusCode, verified.body).toBe(200);
  return { factorId: factor_id as number, secret: secret as string, codes: verified.json().data.recovery_codes };
}

/** A security policy allowing `allowed` factors, requiring one of everyone or no one; the other settings the defaults. */
export const securityPolicy = (allowed: string[], require_mfa: 'off' | 'all' = 'off') => ({
  require_mfa,
  require_mfa_role_ids: [],
  allowed_methods: allowed,
  session_idle_minutes: null,
  session_max_hours: null,
  support_access: 'always',
});

export async function passwordStep(email: string) {
  const res = await call('POST', '/api/auth/login', null, { email, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** The app on a test clock at the start of a TOTP step, FreshMart's security administrator signed in. Registers the file's hooks. */
export function useMfaApp() {
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
}
