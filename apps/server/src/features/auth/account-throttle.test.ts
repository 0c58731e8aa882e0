import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { query } from '../../lib/sql.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { advance, headers, userByEmail } from '../../test/helpers.ts';
import { FREE_FAILURES, MAX_WAIT_MS, waitAfter } from './throttle.ts';

let t: TestApp;
// A per-address limit high enough to show the per-account one alone.
const env = { LOGIN_RATE_LIMIT: '1000' };
beforeAll(async () => {
  t = await createTestApp(env);
});
afterAll(async () => {
  await t?.close();
});

const signIn = (app: TestApp['app'], email: string, password: string, locale?: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', headers: headers(null, locale), payload: { email, password } });

const throttleOf = async (key: string) =>
  (
    await query<{ failures: number; blocked_until: Date | null }>(
      t.database.db,
      sql`select failures, blocked_until from account_throttles where key = ${key}`,
    )
  )[0];

describe('per-account sign-in throttle', () => {
  it('waits longer after each failure past the free ones, never more than five minutes', () => {
    expect([1, 4].map((n) => waitAfter(n))).toEqual([0, 0]);
    expect(waitAfter(FREE_FAILURES)).toBe(15_000);
    expect(waitAfter(FREE_FAILURES + 1)).toBe(30_000);
    expect(waitAfter(FREE_FAILURES + 40)).toBe(MAX_WAIT_MS);
  });

  it('holds an account back after repeated wrong passwords, even from the right one, and lets its owner in once the wait is over', async () => {
    const email = 'manager@example.com';
    for (let i = 0; i < FREE_FAILURES; i++)
      expect((await signIn(t.app, email, 'wrong-guess')).json().error.code).toBe('invalid_credentials');
    // Held back: the right password is not even looked at, in the caller's language.
    const held = await signIn(t.app, 'Manager@Example.com', 'demo1234', 'es-MX');
    expect(held.statusCode).toBe(429);
    expect(held.json().error).toMatchObject({
      code: 'account_throttled',
      message: expect.stringMatching(/^Demasiados/),
    });
    // Another account is not held back.
    expect((await signIn(t.app, 'viewer@example.com', 'demo1234')).statusCode).toBe(200);

    advance(t.clock, waitAfter(FREE_FAILURES) + 1000);
    expect((await signIn(t.app, email, 'demo1234')).statusCode).toBe(200);
    // A success clears the count: the next wrong password is only a wrong password.
    expect(await throttleOf(`login:${email}`)).toBeUndefined();
    expect((await signIn(t.app, email, 'wrong-again')).statusCode).toBe(422);
    expect((await signIn(t.app, email, 'demo1234')).statusCode).toBe(200);
  });

  it('caps the wait at five minutes however many failures came before, and counts an unknown address alike', async () => {
    const email = 'technician@example.com';
    await t.database.db.execute(
      sql`insert into account_throttles (key, failures, updated_at) values (${`login:${email}`}, 500, ${t.clock.now.toISOString()}::timestamptz)`,
    );
    expect((await signIn(t.app, email, 'wrong')).statusCode).toBe(422);
    const row = await throttleOf(`login:${email}`);
    expect(row?.failures).toBe(501);
    expect(new Date(row?.blocked_until ?? 0).getTime() - t.clock.now.getTime()).toBe(MAX_WAIT_MS);
    expect((await signIn(t.app, email, 'demo1234')).statusCode).toBe(429);
    advance(t.clock, MAX_WAIT_MS);
    expect((await signIn(t.app, email, 'demo1234')).statusCode).toBe(200);

    for (let i = 0; i < FREE_FAILURES; i++) await signIn(t.app, 'nobody@example.com', 'x');
    expect((await signIn(t.app, 'nobody@example.com', 'x')).json().error.code).toBe('account_throttled');
  });

  it('is one count for every instance on the database', async () => {
    const email = 'admin@example.com';
    const config = loadConfig({ WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent', ...env });
    const other = await buildApp({ config, database: t.database, now: () => t.clock.now });
    await other.app.ready();
    try {
      // Failures spread over two instances add up; both hold the account back.
      for (let i = 0; i < FREE_FAILURES; i++) await signIn(i % 2 ? t.app : other.app, email, 'wrong');
      expect((await signIn(t.app, email, 'demo1234')).statusCode).toBe(429);
      expect((await signIn(other.app, email, 'demo1234')).statusCode).toBe(429);
    } finally {
      await other.app.close();
    }
  });
});

describe('the owner is never kept out', () => {
  it('clears the failures counted against an address once its owner resets the password', async () => {
    const email = 'viewer@example.com';
    for (let i = 0; i < FREE_FAILURES; i++) await signIn(t.app, email, 'wrong');
    expect((await signIn(t.app, email, 'demo1234')).statusCode).toBe(429);
    const user = await userByEmail(t.database, email);
    const link = await t.context.shared.passwordLinks.send(t.database.db, user, 'reset');
    const token = new URL(link).searchParams.get('token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Cold-Room-Door-42' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn(t.app, email, 'Cold-Room-Door-42')).statusCode).toBe(200);
  });
});

describe('per-account password-reset throttle', () => {
  it('sends three reset emails to one address in a row, then one per growing wait', async () => {
    const email = 'viewer@example.com';
    const mails = async () =>
      (
        await query<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from email_messages where to_address = ${email} and kind like 'password_%'`,
        )
      )[0]?.n ?? 0;
    const before = await mails();
    for (let i = 0; i < 6; i++) await t.context.shared.passwordLinks.forgot(email);
    expect((await mails()) - before).toBe(3);
    advance(t.clock, waitAfter(3, 3) + 1000);
    await t.context.shared.passwordLinks.forgot(email);
    await t.context.shared.passwordLinks.forgot(email);
    expect((await mails()) - before).toBe(4);
  });
});
