import { createHash } from 'node:crypto';
import { PERMISSIONS } from '@rcm/shared/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { sessions } from '../../db/schema-auth.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { advance, cloneUser, currentUser, DAY, HOUR, headers, rowCount } from '../../test/helpers.ts';
import { emailMd5 } from './tokens.ts';

let t: TestApp;
beforeAll(async () => {
  // A limit the suite's own logins cannot reach; the limit itself is tested on a second app below.
  t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
});
afterAll(() => t?.close());

const loginRequest = (payload: unknown, locale?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, headers: headers(null, locale) });

describe('login', () => {
  it('returns the user, the bearer token header and exposes that header', async () => {
    const res = await loginRequest({ email: 'Admin@Example.com ', password: 'demo1234' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.authorization).toMatch(/^Bearer [A-Za-z0-9_-]{40,}$/);
    expect(String(res.headers['access-control-expose-headers'])).toMatch(/\bAuthorization\b/i);
    const user = res.json().data;
    expect(user).toMatchObject({
      name: 'Alex Admin',
      email: 'admin@example.com',
      email_md5: createHash('md5').update('admin@example.com').digest('hex'),
      language: { iso6391: 'en', locale: 'en-US' },
      organisation: { name: 'Polar Refrigeration Services' },
      team: { name: 'Service Desk' },
      role: { name: 'Administrator', color: '#6d28d9' },
      impersonating: false,
    });
    expect([...user.permissions].sort()).toEqual([...PERMISSIONS].sort());
    const me = await currentUser(t.app, String(res.headers.authorization).slice(7));
    expect(me.json().data).toEqual(user);
  });

  it('derives email_md5 from the trimmed, lower-cased address (as Gravatar expects)', () => {
    expect(emailMd5(' Viewer@Example.COM ')).toBe(createHash('md5').update('viewer@example.com').digest('hex'));
  });

  it("reports a limited user's own language, organization and permissions", async () => {
    const viewer = (await currentUser(t.app, await login(t.app, 'viewer@example.com'))).json().data;
    expect(viewer.organisation.name).toBe('FreshMart Foods');
    expect(viewer.role.color).toBe('#15803d');
    expect([...viewer.permissions].sort()).toEqual(
      ['alarms_view', 'controllers_view', 'locations_view', 'organization_view', 'search_view'].sort(),
    );
    const manager = (await currentUser(t.app, await login(t.app, 'manager@example.com'))).json().data;
    expect(manager.language).toEqual({ iso6391: 'es', locale: 'es-MX' });
  });

  it('gives the same 422 invalid_credentials for an unknown email and a wrong password', async () => {
    const unknown = await loginRequest({ email: 'nobody@example.com', password: 'demo1234' });
    const wrong = await loginRequest({ email: 'admin@example.com', password: 'wrong-password' });
    expect(unknown.statusCode).toBe(422);
    expect(wrong.statusCode).toBe(422);
    expect(unknown.json().error.code).toBe('invalid_credentials');
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.headers.authorization).toBeUndefined();
  });

  it('localizes error messages by X-Locale', async () => {
    const bad = { email: 'admin@example.com', password: 'wrong-password' };
    const en = (await loginRequest(bad, 'en-US')).json().error;
    const es = (await loginRequest(bad, 'es-MX')).json().error;
    expect(en.message).toBe('These credentials do not match our records.');
    expect(es).toEqual({
      code: 'invalid_credentials',
      message: 'Estas credenciales no coinciden con nuestros registros.',
    });

    const invalid = { email: 'not-an-email', password: 'x' };
    const enV = (await loginRequest(invalid, 'en-US')).json().error;
    const esV = (await loginRequest(invalid, 'es-MX')).json().error;
    expect(enV.code).toBe('validation_failed');
    expect(enV.details.fields).toEqual([{ field: 'email', message: 'Enter a valid email address.' }]);
    expect(esV.message).toBe('Algunos campos no son válidos.');
    expect(esV.details.fields).toEqual([{ field: 'email', message: 'Ingresa un correo electrónico válido.' }]);
  });

  it('rejects malformed bodies with a localized error and opens no session', async () => {
    const before = await rowCount(t.database, sessions);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'x-locale': 'es-MX' },
      payload: '{"email": "admin@example.com", "password": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error).toEqual({ code: 'bad_request', message: 'No se pudo interpretar la solicitud.' });

    const wrongTypes = await loginRequest({ email: 'admin@example.com', password: 1234, remember: 'yes' }, 'es-MX');
    expect(wrongTypes.statusCode).toBe(422);
    expect(wrongTypes.json().error.details.fields).toEqual([
      { field: 'password', message: 'Este valor tiene un tipo incorrecto.' },
      { field: 'remember', message: 'Este valor tiene un tipo incorrecto.' },
    ]);

    const missing = await loginRequest({ email: 'admin@example.com' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error).toMatchObject({
      code: 'validation_failed',
      details: { fields: [{ field: 'password', message: 'This field is required.' }] },
    });
    for (const res of [badJson, wrongTypes, missing]) {
      expect(res.body).not.toMatch(/stack|zod|FST_/i);
      expect(res.headers.authorization).toBeUndefined();
    }
    expect(await rowCount(t.database, sessions)).toBe(before);
  });

  it('refuses a disabled user with 403 and ends their existing sessions', async () => {
    const user = await cloneUser(t.database, 'technician@example.com', 'disabled.tech@example.com');
    const token = await login(t.app, user.email);
    expect((await currentUser(t.app, token)).statusCode).toBe(200);
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));

    const res = await loginRequest({ email: user.email, password: 'demo1234' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('account_disabled');
    // A wrong password reveals nothing about the account's state.
    expect((await loginRequest({ email: user.email, password: 'nope' })).json().error.code).toBe('invalid_credentials');
    const me = await currentUser(t.app, token);
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('unauthenticated');
  });
});

describe('sessions', () => {
  const expectUnauthenticated = async (token: string | null) => {
    const res = await currentUser(t.app, token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'unauthenticated', message: 'Please sign in to continue.' });
  };

  it('rejects a missing, garbage or malformed token', async () => {
    await expectUnauthenticated(null);
    await expectUnauthenticated('garbage-token');
    await expectUnauthenticated('x'.repeat(500));
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: 'Basic abc' } });
    expect(res.statusCode).toBe(401);
  });

  it('expires a session after 12 hours, a remembered one after 14 days', async () => {
    const token = await login(t.app, 'admin@example.com');
    const remembered = (await loginRequest({ email: 'admin@example.com', password: 'demo1234', remember: true }))
      .headers.authorization as string;
    advance(t.clock, 11 * HOUR);
    expect((await currentUser(t.app, token)).statusCode).toBe(200);
    advance(t.clock, HOUR + 1000);
    await expectUnauthenticated(token);
    expect((await currentUser(t.app, remembered.slice(7))).statusCode).toBe(200);
    advance(t.clock, 15 * DAY - 12 * HOUR);
    await expectUnauthenticated(remembered.slice(7));
  });

  it('refresh extends the session and returns the token', async () => {
    const refreshed = await login(t.app, 'admin@example.com');
    const untouched = await login(t.app, 'admin@example.com');
    advance(t.clock, 11 * HOUR);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/refresh', headers: headers(refreshed) });
    expect(res.statusCode).toBe(200);
    expect(res.headers.authorization).toBe(`Bearer ${refreshed}`);
    expect(res.json().data.email).toBe('admin@example.com');
    advance(t.clock, 2 * HOUR);
    expect((await currentUser(t.app, refreshed)).statusCode).toBe(200);
    await expectUnauthenticated(untouched);
    const again = await t.app.inject({ method: 'GET', url: '/api/auth/refresh', headers: headers(untouched) });
    expect(again.statusCode).toBe(401);
  });

  it('logout revokes the token and only that one', async () => {
    const token = await login(t.app, 'viewer@example.com');
    const other = await login(t.app, 'viewer@example.com');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: headers(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true } });
    await expectUnauthenticated(token);
    expect((await currentUser(t.app, other)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: headers(token) })).statusCode).toBe(
      401,
    );
  });
});

describe('login rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
  });
  afterAll(() => limited?.close());

  /**
   * A login attempt from `remoteAddress` (the TCP peer), optionally claiming to forward for `forwardedFor`;
   * each test its own address, so that the per-account throttle (account-throttle.test.ts) stays out of it.
   */
  const attempt = (
    opts: { email?: string; password?: string; locale?: string; remoteAddress?: string; forwardedFor?: string } = {},
  ) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: opts.remoteAddress ?? '127.0.0.1',
      headers: {
        ...headers(null, opts.locale),
        ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}),
      },
      payload: { email: opts.email ?? 'admin@example.com', password: opts.password ?? 'wrong-password' },
    });

  it('answers the 4th attempt in a minute with 429 rate_limited', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(422);
    const res = await attempt({ password: 'demo1234' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please wait a minute and try again.',
    });
    expect(res.headers.authorization).toBeUndefined();
    expect((await attempt({ password: 'demo1234', locale: 'es-MX' })).json().error.message).toBe(
      'Demasiados intentos. Espera un minuto e inténtalo de nuevo.',
    );
  });

  it('cannot be dodged by a client forging X-Forwarded-For', async () => {
    const codes: number[] = [];
    for (let i = 1; i <= 4; i++) {
      codes.push(
        (await attempt({ email: 'forged@example.com', remoteAddress: '203.0.113.7', forwardedFor: `198.51.100.${i}` }))
          .statusCode,
      );
    }
    expect(codes).toEqual([422, 422, 422, 429]);
  });

  it('counts each client separately behind a local reverse proxy', async () => {
    const viaProxy = (client: string) =>
      attempt({ email: `proxied-${client}@example.com`, remoteAddress: '10.0.0.2', forwardedFor: client });
    for (let i = 0; i < 3; i++) expect((await viaProxy('192.0.2.10')).statusCode).toBe(422);
    expect((await viaProxy('192.0.2.10')).statusCode).toBe(429);
    expect((await viaProxy('192.0.2.11')).statusCode).toBe(422);
  });
});
