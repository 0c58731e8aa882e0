import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.ts';
import { query } from '../../lib/sql.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { advance, currentUser, headers } from '../../test/helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://console.example.com' });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, locale?: string) =>
  t.app.inject({ method: 'POST', url, headers: headers(null, locale), payload });

type Mail = { subject: string; text: string; html: string; locale: string; kind: string };
const mailsTo = (email: string) =>
  query<Mail>(
    t.database.db,
    sql`select subject, text, html, locale, kind from email_messages where to_address = ${email}
        and kind like 'password_%' order by id desc`,
  );

/** The forgot-password answer comes before the email is queued: wait for it. */
async function waitForMail(email: string, count: number): Promise<Mail> {
  for (let i = 0; i < 100; i++) {
    const rows = await mailsTo(email);
    if (rows.length >= count && rows[0]) return rows[0];
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no password email to ${email}`);
}

const tokenOf = (mail: Mail) => {
  const match = /https:\/\/console\.example\.com\/user\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no link in ${mail.text}`);
  expect(mail.html).toContain(`/user/reset-password?token=${match[1]}`);
  return match[1];
};

describe('forgot password', () => {
  it('answers the same for a real and an unknown address, and emails only the real one in their language', async () => {
    const real = await post('/api/auth/forgot-password', { email: 'Manager@Example.com' });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody@example.com' });
    expect(real.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(real.body).toBe(unknown.body);
    const mail = await waitForMail('manager@example.com', 1);
    expect(mail).toMatchObject({ kind: 'password_reset', locale: 'es-MX', subject: 'Restablece tu contraseña' });
    expect(mail.text).toContain('60 minutos');
    // What the route started without waiting, awaited here: it queued nothing for the unknown address.
    await t.context.shared.passwordLinks.forgot('nobody@example.com');
    expect(await mailsTo('nobody@example.com')).toEqual([]);
  });

  it('sends nothing to a disabled user', async () => {
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.email, 'viewer@example.com'));
    await t.context.shared.passwordLinks.forgot('viewer@example.com');
    expect(await mailsTo('viewer@example.com')).toEqual([]);
    await t.database.db.update(users).set({ disabled: false }).where(eq(users.email, 'viewer@example.com'));
  });

  it('refuses a malformed address before anything else', async () => {
    const res = await post('/api/auth/forgot-password', { email: 'not-an-email' });
    expect(res.statusCode).toBe(422);
  });
});

describe('reset password', () => {
  it('sets the password through the link once, ends every session, and audits it', async () => {
    const session = await login(t.app, 'technician@example.com');
    await post('/api/auth/forgot-password', { email: 'technician@example.com' });
    const token = tokenOf(await waitForMail('technician@example.com', 1));

    const preview = await post('/api/auth/reset-password/check', { token });
    expect(preview.json().data).toEqual({
      email: 'technician@example.com',
      name: expect.any(String),
      purpose: 'reset',
    });

    const weak = await post('/api/auth/reset-password', { token, password: 'qwertyui' }, 'es-MX');
    expect(weak.statusCode).toBe(422);

    const res = await post('/api/auth/reset-password', { token, password: 'frosty-evaporator-7' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await currentUser(t.app, session)).statusCode).toBe(401);
    await expect(login(t.app, 'technician@example.com')).rejects.toThrow();
    await login(t.app, 'technician@example.com', 'frosty-evaporator-7');

    const again = await post('/api/auth/reset-password', { token, password: 'another-one-42' }, 'es-MX');
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toEqual({
      code: 'reset_token_invalid',
      message: 'Este enlace no es válido, ya venció o ya se usó. Solicita uno nuevo.',
    });
    const actions = (await t.database.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
    expect(actions).toContain('auth.password_reset_requested');
    expect(actions).toContain('auth.password_reset');
  });

  it('refuses an expired link, a forged one, and an older link once a newer one was used', async () => {
    await post('/api/auth/forgot-password', { email: 'admin@example.com' });
    const first = tokenOf(await waitForMail('admin@example.com', 1));
    await post('/api/auth/forgot-password', { email: 'admin@example.com' });
    const second = tokenOf(await waitForMail('admin@example.com', 2));
    expect(second).not.toBe(first);

    const forged = await post('/api/auth/reset-password', { token: 'x'.repeat(43), password: 'icy-condenser-11' });
    expect(forged.statusCode).toBe(422);

    expect((await post('/api/auth/reset-password', { token: second, password: 'icy-condenser-11' })).statusCode).toBe(
      200,
    );
    expect((await post('/api/auth/reset-password', { token: first, password: 'icy-condenser-12' })).statusCode).toBe(
      422,
    );

    await post('/api/auth/forgot-password', { email: 'admin@example.com' });
    const late = tokenOf(await waitForMail('admin@example.com', 3));
    advance(t.clock, 61 * 60_000);
    const expired = await post('/api/auth/reset-password', { token: late, password: 'icy-condenser-13' });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error.code).toBe('reset_token_invalid');
  });
});

describe('rate limit', () => {
  it('limits forgot-password like sign-in', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: '2' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: 'x@example.com' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([202, 202, 429]);
    } finally {
      await limited.close();
    }
  });
});
