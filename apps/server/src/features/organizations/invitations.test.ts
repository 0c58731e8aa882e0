import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userLocations, users } from '../../db/schema.ts';
import { sessions } from '../../db/schema-auth.ts';
import { invitations } from '../../db/schema-organizations.ts';
import { query } from '../../lib/sql.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { advance, cloneUser, currentUser, DAY, headers } from '../../test/helpers.ts';

let t: TestApp;
let admin: string;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin@example.com');
  manager = await login(t.app, 'manager@example.com');
});
afterAll(async () => {
  await t?.close();
});

const invite = (token: string, org: number, payload: object, locale = 'en-US') =>
  t.app.inject({ method: 'POST', url: `/api/organizations/${org}/members`, headers: headers(token, locale), payload });

/** The accept link of the last email sent to this address, read from the recorded outbox. */
async function linkFor(email: string): Promise<{ token: string; subject: string; text: string; locale: string }> {
  const [row] = await query<{ subject: string; text: string; html: string; locale: string }>(
    t.database.db,
    sql`select subject, text, html, locale from email_messages where to_address = ${email} and kind = 'invitation' order by id desc limit 1`,
  );
  if (!row) throw new Error(`no invitation email to ${email}`);
  const match = /\/user\/invitation\/([A-Za-z0-9_-]+)/.exec(row.text);
  if (!match?.[1]) throw new Error('no link in the email');
  expect(row.html).toContain(`/user/invitation/${match[1]}`);
  return { token: match[1], subject: row.subject, text: row.text, locale: row.locale };
}

describe('inviting a member', () => {
  it('queues the email in the invitee’s language and lists the invitation as pending', async () => {
    const res = await invite(manager, 2, {
      email: 'Nueva.Gerente@Example.com',
      language: 'es-MX',
      role_id: 4,
      all_locations: false,
      location_ids: [4],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      email: 'nueva.gerente@example.com',
      all_locations: false,
      location_ids: [4],
    });
    const mail = await linkFor('nueva.gerente@example.com');
    expect(mail.locale).toBe('es-MX');
    expect(mail.subject).toBe('Te invitaron a unirte a FreshMart Foods');
    const pending = (await t.app.inject({ url: '/api/organizations/2/invitations', headers: headers(manager) })).json();
    expect(pending.data.map((i: { email: string }) => i.email)).toContain('nueva.gerente@example.com');
    expect(pending.data[0].message.subject).toBeTruthy();
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'invitation.create'));
    expect(audit).toMatchObject({
      organizationId: 2,
      after: expect.objectContaining({ email: 'nueva.gerente@example.com' }),
    });
  });

  it('rejects bad input with localized field errors and stores nothing', async () => {
    const before = (await t.database.db.select().from(invitations)).length;
    const bad = await invite(
      admin,
      2,
      { email: 'not-an-email', language: 'fr-FR', role_id: 4, all_locations: true },
      'es-MX',
    );
    expect(bad.statusCode).toBe(422);
    const fields = bad.json().error.details.fields as { field: string; message: string }[];
    expect(fields.find((f) => f.field === 'email')?.message).toBe('Ingresa un correo electrónico válido.');
    expect(fields.find((f) => f.field === 'language')?.message).toBe('Este valor no está permitido.');

    const foreign = await invite(admin, 2, {
      email: 'x1@example.com',
      language: 'en-US',
      role_id: 4,
      all_locations: false,
      location_ids: [7],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.details.fields).toEqual([
      { field: 'location_ids', message: 'This location does not belong to the chosen organization.' },
    ]);

    const taken = await invite(admin, 2, {
      email: 'viewer@example.com',
      language: 'en-US',
      role_id: 4,
      all_locations: true,
    });
    expect(taken.statusCode).toBe(409);

    // A manager cannot hand out the administrator role (more permissions than their own).
    const escalate = await invite(manager, 2, {
      email: 'x2@example.com',
      language: 'en-US',
      role_id: 1,
      all_locations: true,
    });
    expect(escalate.statusCode).toBe(422);
    expect(escalate.json().error.details.fields[0].field).toBe('role_id');
    expect((await t.database.db.select().from(invitations)).length).toBe(before);
  });
});

describe('accepting an invitation', () => {
  it('sets name and password, signs in and limits the member to the chosen locations', async () => {
    await invite(admin, 2, {
      email: 'store.lead@example.com',
      language: 'en-US',
      role_id: 4,
      all_locations: false,
      location_ids: [5, 6],
    });
    const { token } = await linkFor('store.lead@example.com');

    const preview = await t.app.inject({ url: `/api/invitations/${token}` });
    expect(preview.json().data).toEqual({
      email: 'store.lead@example.com',
      organisation: { name: expect.any(String) },
      language: 'en-US',
    });

    const short = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${token}/accept`,
      payload: { name: '', password: 'short' },
    });
    expect(short.statusCode).toBe(422);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${token}/accept`,
      payload: { name: 'Sam Store Lead', password: 'a-strong-password' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const bearer = String(res.headers.authorization).replace(/^Bearer /, '');
    const me = (await currentUser(t.app, bearer)).json().data;
    expect(me).toMatchObject({ name: 'Sam Store Lead', email: 'store.lead@example.com', organisation: { id: 2 } });
    const locs = (await t.app.inject({ url: '/api/locations', headers: headers(bearer) })).json().data;
    expect(locs.map((l: { id: number }) => l.id).sort()).toEqual([5, 6]);

    // Single use: the same link is refused afterwards, in the caller's language.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${token}/accept`,
      headers: headers(null, 'es-MX'),
      payload: { name: 'Someone', password: 'another-password' },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toMatchObject({
      code: 'invitation_invalid',
      message: 'Este enlace de invitación ya venció o ya se usó.',
    });
    expect((await t.app.inject({ url: `/api/invitations/${token}` })).statusCode).toBe(410);
  });

  it('refuses an expired or unknown token and creates no user', async () => {
    await invite(admin, 3, { email: 'late@example.com', language: 'en-US', role_id: 4, all_locations: true });
    const { token } = await linkFor('late@example.com');
    advance(t.clock, 7 * DAY + 1000);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/invitations/${token}/accept`,
        payload: { name: 'Late', password: 'a-strong-password' },
      });
      expect(res.statusCode).toBe(410);
      expect(await t.database.db.select().from(users).where(eq(users.email, 'late@example.com'))).toEqual([]);
    } finally {
      advance(t.clock, -(7 * DAY + 1000));
    }
    const unknown = await t.app.inject({ url: '/api/invitations/not-a-real-token' });
    expect(unknown.statusCode).toBe(410);
  });

  it('a revoked invitation cannot be accepted', async () => {
    const created = (
      await invite(admin, 2, { email: 'revoked@example.com', language: 'en-US', role_id: 4, all_locations: true })
    ).json().data;
    const { token } = await linkFor('revoked@example.com');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/organizations/2/invitations/${created.id}`,
      headers: headers(admin),
    });
    expect(del.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/invitations/${token}` })).statusCode).toBe(410);
  });
});

describe('members', () => {
  it('changing a member’s locations and removing them (ends their sessions at once)', async () => {
    const member = await cloneUser(t.database, 'manager@example.com', 'temp.member@example.com');
    const bearer = await login(t.app, 'temp.member@example.com');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/organizations/2/members/${member.id}`,
      headers: headers(admin),
      payload: { all_locations: false, location_ids: [3] },
    });
    expect(patch.json().data).toMatchObject({ all_locations: false, location_ids: [3] });
    expect(await t.database.db.select().from(userLocations).where(eq(userLocations.userId, member.id))).toHaveLength(1);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/organizations/2/members/${member.id}`,
      headers: headers(admin),
    });
    expect(removed.statusCode).toBe(200);
    expect((await currentUser(t.app, bearer)).statusCode).toBe(401);
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const list = (await t.app.inject({ url: '/api/organizations/2/members', headers: headers(admin) })).json().data;
    expect(list.map((m: { id: number }) => m.id)).not.toContain(member.id);
  });
});

describe('locations validation', () => {
  it('answers 422 with field errors in both languages and changes nothing', async () => {
    const payload = { name: '', address_line_1: 'x', zip: '$$', phone: 'call me', timezone: 'Mars/Olympus' };
    const en = await t.app.inject({
      method: 'PATCH',
      url: '/api/locations/2',
      headers: headers(admin, 'en-US'),
      payload,
    });
    expect(en.statusCode).toBe(422);
    const fields = Object.fromEntries(
      (en.json().error.details.fields as { field: string; message: string }[]).map((f) => [f.field, f.message]),
    );
    expect(fields).toMatchObject({
      name: 'This field is required.',
      zip: 'This value is not valid.',
      phone: 'This value is not valid.',
      timezone: 'This value is not valid.',
    });
    const es = await t.app.inject({
      method: 'POST',
      url: '/api/organizations/2/locations',
      headers: headers(admin, 'es-MX'),
      payload,
    });
    expect(es.json().error.details.fields.find((f: { field: string }) => f.field === 'name').message).toBe(
      'Este campo es obligatorio.',
    );
    const loc = (await t.app.inject({ url: '/api/locations/2', headers: headers(admin) })).json().data;
    expect(loc.name).not.toBe('');
  });
});

describe('invitation links', () => {
  it('point at PUBLIC_URL when it is set', async () => {
    const other = await createTestApp({ PUBLIC_URL: 'https://console.example.com/' });
    try {
      const token = await login(other.app, 'admin@example.com');
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/organizations/2/members',
        headers: headers(token),
        payload: { email: 'public.url@example.com', language: 'en-US', role_id: 4, all_locations: true },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.message.text).toMatch(/https:\/\/console\.example\.com\/user\/invitation\/[\w-]+/);
    } finally {
      await other.close();
    }
  });
});
