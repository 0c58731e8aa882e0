import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { addUser } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers, userByEmail } from '../../test/helpers.ts';
import { startTestSmtp } from '../../test/smtp.ts';
import { deliverDue } from '../mail/delivery.ts';
import { createMailTransport } from '../mail/transport.ts';
import { smtpSummary } from './mail-settings.ts';

type Smtp = Awaited<ReturnType<typeof startTestSmtp>>;
let without: TestApp;
let withSmtp: TestApp;
let smtp: Smtp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  smtp = await startTestSmtp();
  [without, withSmtp] = await Promise.all([createTestApp(), createTestApp({ SMTP_URL: smtp.url })]);
  tokens.admin = await login(without.app, 'admin@example.com');
  tokens.smtpAdmin = await login(withSmtp.app, 'admin@example.com');
  // FreshMart's manager (another organization than the service company's), and a settings editor
  // of FreshMart alone: neither administers the installation.
  tokens.manager = await login(without.app, 'manager@example.com');
  await addUser(without.database.db, {
    from: 'manager@example.com',
    email: 'fm-settings@example.com',
    permissions: ['settings_view', 'settings_update'],
  });
  tokens.orgSettings = await login(without.app, 'fm-settings@example.com');
});
afterAll(async () => {
  await Promise.all([without?.close(), withSmtp?.close()]);
  await smtp?.close();
});

const call = (t: TestApp, token: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: headers(token, 'es-MX'), ...(payload ? { payload } : {}) });

describe('Settings → Email without a mail server', () => {
  it('answers 401 without a session whatever the body, 403 to anyone but an administrator', async () => {
    expect((await call(without, null, 'GET', '/api/settings/email')).statusCode).toBe(401);
    expect((await call(without, null, 'POST', '/api/settings/email/test', { to: 42 })).statusCode).toBe(401);
    for (const who of ['manager', 'orgSettings']) {
      expect((await call(without, tokens[who] ?? '', 'GET', '/api/settings/email')).statusCode, who).toBe(403);
      const test = await call(without, tokens[who] ?? '', 'POST', '/api/settings/email/test', { to: 'a@example.com' });
      expect(test.statusCode, who).toBe(403);
    }
  });

  it('says no mail server is configured, and a test message is refused with the reason', async () => {
    const res = await call(without, tokens.admin ?? '', 'GET', '/api/settings/email');
    expect(res.json().data).toMatchObject({ transport: 'none', smtp: null, last_failure: null, last_sent_at: null });
    const test = await call(without, tokens.admin ?? '', 'POST', '/api/settings/email/test', { to: 'a@example.com' });
    expect(test.statusCode).toBe(409);
    expect(test.json().error).toMatchObject({ code: 'no_mail_server', message: expect.stringContaining('SMTP_URL') });
  });

  it('keeps queued messages as not sent: nothing claims a delivery that did not happen', async () => {
    const { id } = await without.context.shared.outbox.enqueue(
      {
        kind: 'purchase_order',
        to: 'orders@example.com',
        locale: 'en-US',
        subject: 'PO',
        html: '<p>PO</p>',
        text: 'PO',
      },
      without.database.db,
    );
    const result = await deliverDue({
      db: without.database.db,
      bus: without.bus,
      transport: createMailTransport(undefined),
      from: 'rcm@example.com',
      now: () => new Date(),
    });
    expect(result.sent).toBe(0);
    const [row] = await query<{ status: string; sent_at: unknown; last_error: string }>(
      without.database.db,
      sql`select status, sent_at, last_error from email_messages where id = ${id}`,
    );
    expect(row).toEqual({ status: 'not_sent', sent_at: null, last_error: 'no_mail_server' });
  });
});

describe('Settings → Email with a mail server', () => {
  it('shows the server without secrets', async () => {
    const res = await call(withSmtp, tokens.smtpAdmin ?? '', 'GET', '/api/settings/email');
    const port = Number(new URL(smtp.url).port);
    expect(res.json().data).toMatchObject({ transport: 'smtp', smtp: { host: '127.0.0.1', port, user: null } });
    const summary = smtpSummary('smtps://ops%40polar.example:s3cret-pass@mail.polar.example');
    expect(summary).toEqual({ host: 'mail.polar.example', port: 465, secure: true, user: 'ops@polar.example' });
    expect(JSON.stringify(summary)).not.toContain('s3cret');
  });

  it('sends a test message through SMTP in the caller’s language, and says when the server refuses it', async () => {
    const ok = await call(withSmtp, tokens.smtpAdmin ?? '', 'POST', '/api/settings/email/test', {
      to: 'Ops@Polar.example',
    });
    expect(ok.json()).toEqual({ data: { sent: true, error: null } });
    const received = smtp.messages.find((m) => m.to.includes('ops@polar.example'));
    expect(received?.subject).toBe('Mensaje de prueba de la consola de refrigeración');
    smtp.reject.add('busy@polar.example');
    const refused = await call(withSmtp, tokens.smtpAdmin ?? '', 'POST', '/api/settings/email/test', {
      to: 'busy@polar.example',
    });
    expect(refused.json().data.sent).toBe(false);
    expect(refused.json().data.error).toContain('mailbox busy');
  });

  it('creating a user leaves the invitation to the mail server: no link in the answer', async () => {
    const manager = await userByEmail(withSmtp.database, 'manager@example.com');
    const res = await call(withSmtp, tokens.smtpAdmin ?? '', 'POST', '/api/settings/users', {
      name: 'Omar Ortiz',
      email: 'omar@example.com',
      role_id: manager.roleId,
      organization_id: manager.organizationId,
      all_locations: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.invitation_sent).toBe(true);
    expect(res.json().data).not.toHaveProperty('invitation_url');
    const reset = await call(
      withSmtp,
      tokens.smtpAdmin ?? '',
      'POST',
      `/api/settings/users/${res.json().data.id}/password-reset`,
    );
    expect(reset.json().data).toEqual({ ok: true, email_sent: true });
  });
});
