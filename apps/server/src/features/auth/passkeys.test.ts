import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.ts';
import { ssoConnections } from '../../db/schema-access.ts';
import { addUser } from '../../test/alarms.ts';
import { login } from '../../test/app.ts';
import { call, freshMartId, manager, PASSWORD, securityPolicy, t, useMfaApp } from '../../test/mfa.ts';
import { passwordlessOptions, register, softAuthenticator } from '../../test/webauthn.ts';

useMfaApp();

describe('passkeys', () => {
  const origin = () => t.context.shared.consoleUrl.url();

  it('registers behind a fresh re-authentication, with recovery codes, listed and audited', async () => {
    await addUser(t.database.db, {
      from: 'manager@example.com',
      email: 'pk1@example.com',
      permissions: ['alarms_view'],
    });
    const token = await login(t.app, 'pk1@example.com');
    const key = softAuthenticator(origin());
    const options = await call('POST', '/api/account/mfa/webauthn/options', token);
    const without = await call('POST', '/api/account/mfa/webauthn', token, {
      response: key.register(options.json().data),
    });
    expect([without.statusCode, without.json().error.code]).toEqual([401, 'reauth_required']);
    const data = await register(token, key);
    expect(data.factor).toMatchObject({ kind: 'webauthn', label: 'Laptop' });
    expect(data.recovery_codes).toHaveLength(10);
    const status = await call('GET', '/api/account/mfa', token);
    expect(status.json().data.factors.map((f: { kind: string }) => f.kind)).toEqual(['webauthn']);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.mfa_enrolled'));
    expect(entries.some((e) => (e.after as { kind?: string } | null)?.kind === 'webauthn')).toBe(true);
  });

  it('signs in passwordless (session method passkey); refuses a wrong challenge and a replayed counter', async () => {
    await addUser(t.database.db, {
      from: 'manager@example.com',
      email: 'pk2@example.com',
      permissions: ['alarms_view'],
    });
    const token = await login(t.app, 'pk2@example.com');
    const key = softAuthenticator(origin());
    await register(token, key);

    const signedIn = await call('POST', '/api/auth/passkey', null, {
      response: key.assert(await passwordlessOptions()),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.email).toBe('pk2@example.com');
    const bearer = String(signedIn.headers.authorization).replace('Bearer ', '');
    const sessions = await call('GET', '/api/account/sessions', bearer);
    expect(sessions.json().data.find((s: { current: boolean }) => s.current)?.method).toBe('passkey');

    const wrong = await call('POST', '/api/auth/passkey', null, {
      response: key.assert({ challenge: 'bm90LWEtY2hhbGxlbmdl', rpId: 'localhost' }),
    });
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([422, 'validation_failed']);
    // The field's message is the server's own sentence, in the request's language.
    expect(wrong.json().error.details.fields).toEqual([
      { field: 'response', message: 'This passkey could not be verified. Try again, or choose another way.' },
    ]);
    // A challenge is spent by its first answer.
    const options = await passwordlessOptions();
    expect((await call('POST', '/api/auth/passkey', null, { response: key.assert(options) })).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/passkey', null, { response: key.assert(options) })).statusCode).toBe(422);
    const replay = await call('POST', '/api/auth/passkey', null, {
      response: key.assert(await passwordlessOptions(), { counter: 1 }),
    });
    expect(replay.statusCode).toBe(422);
    const failed = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.login_failed'));
    expect(failed.some((e) => (e.after as { method?: string } | null)?.method === 'passkey')).toBe(true);
  });

  it('answers the second step and a re-authentication; another person’s passkey does not', async () => {
    await addUser(t.database.db, {
      from: 'manager@example.com',
      email: 'pk3@example.com',
      permissions: ['alarms_view'],
    });
    await addUser(t.database.db, {
      from: 'manager@example.com',
      email: 'pk4@example.com',
      permissions: ['alarms_view'],
    });
    const token = await login(t.app, 'pk3@example.com');
    const other = await login(t.app, 'pk4@example.com');
    const key = softAuthenticator(origin());
    const otherKey = softAuthenticator(origin());
    await register(token, key);
    await register(other, otherKey);

    const step = await call('POST', '/api/auth/login', null, { email: 'pk3@example.com', password: PASSWORD });
    const { mfa_token, methods } = step.json().data;
    expect(methods).toEqual(['webauthn', 'recovery_code']);
    const stepOptions = await call('POST', '/api/auth/passkey/options', null, { mfa_token });
    expect(stepOptions.json().data.allowCredentials.map((c: { id: string }) => c.id)).toEqual([key.credentialId]);
    const foreign = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token,
      method: 'webauthn',
      response: otherKey.assert(stepOptions.json().data),
    });
    expect(foreign.statusCode).toBe(422);
    const again = await call('POST', '/api/auth/passkey/options', null, { mfa_token });
    const passed = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token,
      method: 'webauthn',
      response: key.assert(again.json().data),
    });
    expect(passed.statusCode, passed.body).toBe(200);

    const reauthOptions = await call('POST', '/api/auth/reauth/passkey/options', token);
    expect(reauthOptions.statusCode).toBe(200);
    const proof = await call('POST', '/api/auth/reauth', token, { response: key.assert(reauthOptions.json().data) });
    expect(proof.statusCode, proof.body).toBe(200);
    expect(proof.json().data.reauth_token).toBeTruthy();
  });

  it('refuses a disabled user, and registration where the policy lacks webauthn', async () => {
    await addUser(t.database.db, {
      from: 'manager@example.com',
      email: 'pk5@example.com',
      permissions: ['alarms_view'],
    });
    const token = await login(t.app, 'pk5@example.com');
    const key = softAuthenticator(origin());
    await register(token, key);
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.email, 'pk5@example.com'));
    const refused = await call('POST', '/api/auth/passkey', null, {
      response: key.assert(await passwordlessOptions()),
    });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'account_disabled']);

    const put = await call(
      'PUT',
      `/api/organizations/${freshMartId}/security-policy`,
      manager,
      securityPolicy(['totp']),
    );
    expect(put.statusCode, put.body).toBe(200);
    const options = await call('POST', '/api/account/mfa/webauthn/options', manager);
    expect([options.statusCode, options.json().error.code]).toEqual([403, 'mfa_method_not_allowed']);
    await call(
      'PUT',
      `/api/organizations/${freshMartId}/security-policy`,
      manager,
      securityPolicy(['totp', 'webauthn']),
    );
  });

  it('refuses a user whose organization requires single sign-on (403 sso_required)', async () => {
    await addUser(t.database.db, {
      from: 'manager@example.com',
      email: 'pk6@example.com',
      permissions: ['alarms_view'],
    });
    const token = await login(t.app, 'pk6@example.com');
    const key = softAuthenticator(origin());
    await register(token, key);
    const [row] = await t.database.db
      .insert(ssoConnections)
      .values({
        organizationId: freshMartId,
        name: 'Corp',
        issuer: 'https://idp.example.com',
        clientId: 'console',
        emailDomains: ['example.com'],
        requireSso: true,
      })
      .returning();
    try {
      const refused = await call('POST', '/api/auth/passkey', null, {
        response: key.assert(await passwordlessOptions()),
      });
      expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'sso_required']);
    } finally {
      if (row) await t.database.db.delete(ssoConnections).where(eq(ssoConnections.id, row.id));
    }
  });
});

describe('enrolling a passkey at sign-in', () => {
  const origin = () => t.context.shared.consoleUrl.url();
  const setPolicy = async (allowed: string[], require: 'off' | 'all') => {
    const put = await call(
      'PUT',
      `/api/organizations/${freshMartId}/security-policy`,
      manager,
      securityPolicy(allowed, require),
    );
    expect(put.statusCode, put.body).toBe(200);
  };
  afterAll(() => setPolicy(['totp', 'webauthn'], 'off'));

  /** The enrollment token a new person of FreshMart is answered after the password. */
  async function enrollmentStep(email: string) {
    await addUser(t.database.db, { from: 'manager@example.com', email, permissions: ['alarms_view'] });
    const step = await call('POST', '/api/auth/login', null, { email, password: PASSWORD });
    expect(step.statusCode, step.body).toBe(200);
    return step.json().data as { mfa_enrollment_required: true; enrollment_token: string; allowed_methods: string[] };
  }

  it('registers a passkey as the first factor where only passkeys are allowed, and signs in with recovery codes', async () => {
    await setPolicy(['webauthn'], 'all');
    const step = await enrollmentStep('pk-enroll@example.com');
    expect(step).toMatchObject({ mfa_enrollment_required: true, allowed_methods: ['webauthn'] });
    const enrollment_token = step.enrollment_token;
    // An authenticator app is not what this organization allows.
    const totp = await call('POST', '/api/auth/login/enroll/totp', null, { enrollment_token });
    expect([totp.statusCode, totp.json().error.code]).toEqual([403, 'mfa_method_not_allowed']);

    const key = softAuthenticator(origin());
    const options = await call('POST', '/api/auth/login/enroll/webauthn/options', null, { enrollment_token });
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().data).toMatchObject({ rp: { id: 'localhost' }, user: { name: 'pk-enroll@example.com' } });
    // An attestation of a challenge never issued is refused, and the token stays live for another try.
    const wrong = await call('POST', '/api/auth/login/enroll/webauthn', null, {
      enrollment_token,
      response: key.register({ challenge: 'bm90LWEtY2hhbGxlbmdl', rp: { id: 'localhost' } }),
    });
    expect([wrong.statusCode, wrong.json().error.details.fields[0].field]).toEqual([422, 'response']);

    const done = await call('POST', '/api/auth/login/enroll/webauthn', null, {
      enrollment_token,
      response: key.register(options.json().data),
      label: 'Work phone',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.email).toBe('pk-enroll@example.com');
    expect(done.json().recovery_codes).toHaveLength(10);
    const session = String(done.headers.authorization).replace(/^Bearer /, '');
    const status = (await call('GET', '/api/account/mfa', session)).json().data;
    expect(status).toMatchObject({ required: true, recovery_codes_left: 10 });
    expect(status.factors).toMatchObject([{ kind: 'webauthn', label: 'Work phone' }]);
    const [person] = await t.database.db.select().from(users).where(eq(users.email, 'pk-enroll@example.com'));
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.mfa_enrolled'));
    const entry = entries.find((e) => e.subjectId === String(person?.id));
    expect(entry?.after).toMatchObject({ kind: 'webauthn', label: 'Work phone' });
    expect(entry?.actorUserId).toBe(person?.id);

    // The token served once; the next sign-in asks for the passkey.
    const reused = await call('POST', '/api/auth/login/enroll/webauthn/options', null, { enrollment_token });
    expect([reused.statusCode, reused.json().error.code]).toEqual([401, 'mfa_token_invalid']);
    const next = await call('POST', '/api/auth/login', null, { email: 'pk-enroll@example.com', password: PASSWORD });
    expect(next.json().data).toMatchObject({ mfa_required: true, methods: ['webauthn', 'recovery_code'] });
  });

  it('refuses a passkey where the policy allows only an authenticator app', async () => {
    await setPolicy(['totp'], 'all');
    const { enrollment_token, allowed_methods } = await enrollmentStep('pk-enroll-totp@example.com');
    expect(allowed_methods).toEqual(['totp']);
    const options = await call('POST', '/api/auth/login/enroll/webauthn/options', null, { enrollment_token });
    expect([options.statusCode, options.json().error.code]).toEqual([403, 'mfa_method_not_allowed']);
    const key = softAuthenticator(origin());
    const register = await call('POST', '/api/auth/login/enroll/webauthn', null, {
      enrollment_token,
      response: key.register({ challenge: 'bm90LWEtY2hhbGxlbmdl', rp: { id: 'localhost' } }),
    });
    expect([register.statusCode, register.json().error.code]).toEqual([403, 'mfa_method_not_allowed']);
  });

  it('refuses an unknown, a second-step, an expired and an over-tried token (401 mfa_token_invalid)', async () => {
    await setPolicy(['webauthn'], 'all');
    const key = softAuthenticator(origin());
    const refused = async (enrollment_token: string) => {
      const options = await call('POST', '/api/auth/login/enroll/webauthn/options', null, { enrollment_token });
      expect([options.statusCode, options.json().error.code]).toEqual([401, 'mfa_token_invalid']);
      const register = await call('POST', '/api/auth/login/enroll/webauthn', null, {
        enrollment_token,
        response: key.register({ challenge: 'bm90LWEtY2hhbGxlbmdl', rp: { id: 'localhost' } }),
      });
      expect([register.statusCode, register.json().error.code]).toEqual([401, 'mfa_token_invalid']);
    };
    await refused('not-a-token');
    // The second step's token of a person with a factor is not an enrollment token.
    const step = await call('POST', '/api/auth/login', null, { email: 'pk-enroll@example.com', password: PASSWORD });
    await refused(step.json().data.mfa_token);

    // Ten tries, then the token is spent.
    const tried = (await enrollmentStep('pk-enroll-tries@example.com')).enrollment_token;
    for (let i = 0; i < 10; i++) {
      const options = await call('POST', '/api/auth/login/enroll/webauthn/options', null, { enrollment_token: tried });
      expect(options.statusCode, options.body).toBe(200);
    }
    await refused(tried);

    // Ten minutes, then the token is gone.
    const expiring = (await enrollmentStep('pk-enroll-late@example.com')).enrollment_token;
    const started = t.clock.now;
    t.clock.now = new Date(started.getTime() + 10 * 60_000 + 1_000);
    try {
      await refused(expiring);
    } finally {
      t.clock.now = started;
    }
  });
});
