import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, roles, users } from '../../db/schema.ts';
import { query } from '../../lib/sql.ts';
import { login } from '../../test/app.ts';
import { currentUser, headers, userByEmail } from '../../test/helpers.ts';
import { useSettingsFixture } from '../../test/settings.ts';

const fx = useSettingsFixture();
const call = (
  method: 'POST' | 'PATCH' | 'DELETE' | 'GET',
  url: string,
  token: string,
  payload?: object,
  locale?: string,
) => fx.t.app.inject({ method, url, headers: headers(token, locale), ...(payload ? { payload } : {}) });

const newUser = (over: object = {}) => ({
  name: 'Nina Night Shift',
  email: 'nina@example.com',
  phone: '+1 (512) 555-0142',
  role_id: fx.ids.viewerRole,
  team_id: fx.ids.freshTeam,
  organization_id: fx.ids.freshOrg,
  all_locations: false,
  location_ids: [2, 3],
  language: 'es-MX',
  ...over,
});

async function inviteLink(email: string) {
  const [row] = await query<{ text: string; subject: string; locale: string }>(
    fx.t.database.db,
    sql`select text, subject, locale from email_messages where to_address = ${email} and kind = 'password_invite'
        order by id desc limit 1`,
  );
  const token = /\/user\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(row?.text ?? '')?.[1];
  if (!row || !token) throw new Error(`no invitation to ${email}`);
  return { ...row, token };
}

describe('creating a user', () => {
  it('creates the account without a password and emails a link to choose one, in their language', async () => {
    const res = await call('POST', '/api/settings/users', fx.tokens.orgEditor, newUser());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      email: 'nina@example.com',
      phone: '+15125550142',
      language: 'es-MX',
      all_locations: false,
      location_ids: [2, 3],
      organisation: { id: fx.ids.freshOrg },
      team: { id: fx.ids.freshTeam },
    });
    const mail = await inviteLink('nina@example.com');
    // No mail server here (no SMTP_URL): the answer says so and hands over the email's link.
    expect(res.json().data.invitation_sent).toBe(false);
    expect(res.json().data.invitation_url).toBe(
      `http://localhost:3000/user/reset-password?token=${encodeURIComponent(mail.token)}`,
    );
    expect(mail.locale).toBe('es-MX');
    expect(mail.text).toContain('7 días');
    // No password matches until the user chooses one.
    await expect(login(fx.t.app, 'nina@example.com', '')).rejects.toThrow();
    const chosen = await fx.t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: mail.token, password: 'walk-in-cooler-5' },
    });
    expect(chosen.statusCode).toBe(200);
    const token = await login(fx.t.app, 'nina@example.com', 'walk-in-cooler-5');
    expect((await currentUser(fx.t.app, token)).json().data.phone).toBe('+15125550142');
    const [audit] = await fx.t.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.create'));
    expect(audit?.subjectId).toBe(String(res.json().data.id));
  });

  it('refuses, localized and without writing: no location, a taken address, a bad phone, another organization', async () => {
    const before = (await fx.t.database.db.select({ id: users.id }).from(users)).length;
    const none = await call(
      'POST',
      '/api/settings/users',
      fx.tokens.orgEditor,
      newUser({ email: 'a1@example.com', location_ids: [] }),
      'es-MX',
    );
    expect(none.statusCode).toBe(422);
    expect(none.json().error.details.fields).toEqual([
      { field: 'location_ids', message: 'Elige al menos una ubicación, o todas las ubicaciones.' },
    ]);
    const taken = await call(
      'POST',
      '/api/settings/users',
      fx.tokens.orgEditor,
      newUser({ email: 'manager@example.com' }),
    );
    expect(taken.statusCode).toBe(409);
    const phone = await call(
      'POST',
      '/api/settings/users',
      fx.tokens.orgEditor,
      newUser({ email: 'a2@example.com', phone: '555-0142' }),
    );
    expect(phone.statusCode).toBe(422);
    expect(phone.json().error.details.fields[0]).toMatchObject({ field: 'phone' });
    // A role not chosen (the form's empty select sends 0) is a missing field, not "at least 0".
    const noRole = await call(
      'POST',
      '/api/settings/users',
      fx.tokens.orgEditor,
      newUser({ email: 'a4@example.com', role_id: 0 }),
    );
    expect(noRole.statusCode).toBe(422);
    expect(noRole.json().error.details.fields).toContainEqual({ field: 'role_id', message: 'This field is required.' });
    const otherOrg = await call(
      'POST',
      '/api/settings/users',
      fx.tokens.otherOrg,
      newUser({ email: 'a3@example.com' }),
    );
    expect(otherOrg.statusCode).toBe(422);
    expect(otherOrg.json().error.details.fields[0]).toMatchObject({ field: 'organization_id' });
    const foreignLocation = await call(
      'POST',
      '/api/settings/users',
      fx.tokens.orgEditor,
      newUser({ email: 'a4@example.com', location_ids: [10] }),
    );
    expect(foreignLocation.statusCode).toBe(422);
    const reader = await call('POST', '/api/settings/users', fx.tokens.orgViewer, newUser({ email: 'a5@example.com' }));
    expect(reader.statusCode).toBe(403);
    expect((await fx.t.database.db.select({ id: users.id }).from(users)).length).toBe(before);
  });
});

describe('changing, disabling and deleting', () => {
  it('patches the phone alone and keeps every other field', async () => {
    const res = await call('PATCH', `/api/settings/users/${fx.ids.target}`, fx.tokens.orgEditor, {
      phone: '+52 55 1234 5678',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ phone: '+525512345678', email: 'fm-target@example.com', disabled: false });
  });

  it('disabling ends the sessions at once; the right password then says the account is disabled', async () => {
    const session = await login(fx.t.app, 'fm-target@example.com');
    const res = await call('PATCH', `/api/settings/users/${fx.ids.target}`, fx.tokens.orgEditor, { disabled: true });
    expect(res.statusCode).toBe(200);
    expect((await currentUser(fx.t.app, session)).statusCode).toBe(401);
    const right = await fx.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'fm-target@example.com', password: 'demo1234' },
    });
    expect(right.statusCode).toBe(403);
    expect(right.json().error.code).toBe('account_disabled');
    const wrong = await fx.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'fm-target@example.com', password: 'not-the-password' },
    });
    expect(wrong.json().error.code).toBe('invalid_credentials');
    await call('PATCH', `/api/settings/users/${fx.ids.target}`, fx.tokens.orgEditor, { disabled: false });
  });

  it('another organization’s settings editor can neither see, change, reset nor delete the user', async () => {
    const url = `/api/settings/users/${fx.ids.target}`;
    expect((await call('GET', url, fx.tokens.otherOrg)).statusCode).toBe(404);
    expect((await call('PATCH', url, fx.tokens.otherOrg, { phone: '+15555550100' })).statusCode).toBe(404);
    expect((await call('POST', `${url}/password-reset`, fx.tokens.otherOrg)).statusCode).toBe(404);
    expect((await call('DELETE', url, fx.tokens.otherOrg)).statusCode).toBe(404);
    expect((await userByEmail(fx.t.database, 'fm-target@example.com')).deletedAt).toBeNull();
  });

  it('sends a password reset from the user’s page', async () => {
    const res = await call('POST', `/api/settings/users/${fx.ids.target}/password-reset`, fx.tokens.orgEditor);
    expect(res.statusCode).toBe(202);
    // No mail server here: the answer says the link did not leave, and never carries it.
    expect(res.json().data).toEqual({ ok: true, email_sent: false });
    const [row] = await query<{ kind: string }>(
      fx.t.database.db,
      sql`select kind from email_messages where to_address = 'fm-target@example.com' order by id desc limit 1`,
    );
    expect(row?.kind).toBe('password_reset');
  });

  it('nobody disables, deletes or changes the role of their own account', async () => {
    const me = (await currentUser(fx.t.app, fx.tokens.orgEditor)).json().data;
    const url = `/api/settings/users/${me.id}`;
    for (const [method, payload] of [
      ['PATCH', { disabled: true }],
      ['PATCH', { role_id: fx.ids.viewerRole }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, url, fx.tokens.orgEditor, payload, 'es-MX');
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'cannot_change_self',
        message: 'No puedes desactivar, eliminar ni cambiar el rol de tu propia cuenta.',
      });
    }
  });

  it('deleting keeps the name on history, frees the address and removes the user from lists', async () => {
    const created = await call(
      'POST',
      '/api/settings/users',
      fx.tokens.orgEditor,
      newUser({ email: 'leaving@example.com', name: 'Lee Leaving' }),
    );
    const id = created.json().data.id;
    await fx.t.database.db.insert(auditLog).values({ actorUserId: id, action: 'test.entry', subjectType: 'user' });
    expect((await call('DELETE', `/api/settings/users/${id}`, fx.tokens.orgEditor)).statusCode).toBe(204);
    expect((await call('GET', `/api/settings/users/${id}`, fx.tokens.orgEditor)).statusCode).toBe(404);
    const list = (await call('GET', '/api/settings/users?q=leaving', fx.tokens.admin)).json();
    expect(list.meta.total).toBe(0);
    const log = (await call('GET', '/api/audit-log?action=test.entry', fx.tokens.admin)).json();
    expect(log.data[0].actor).toMatchObject({ name: 'Lee Leaving' });
    const again = await call(
      'POST',
      '/api/settings/users',
      fx.tokens.orgEditor,
      newUser({ email: 'leaving@example.com' }),
    );
    expect(again.statusCode).toBe(201);
  });
});

describe('the last administrator', () => {
  it('cannot be demoted by taking permissions from their own role, nor reached by someone holding less', async () => {
    const [adminRole] = await fx.t.database.db.select().from(roles).where(eq(roles.name, 'Administrator'));
    if (!adminRole) throw new Error('no Administrator role');
    const own = await fx.t.app.inject({
      method: 'PUT',
      url: `/api/settings/roles/${adminRole.id}`,
      headers: headers(fx.tokens.admin, 'es-MX'),
      payload: {
        name: 'Administrator',
        color: '#6d28d9',
        permissions: adminRole.permissions.filter((p) => p !== 'settings_update'),
      },
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().error.code).toBe('cannot_change_self');
    const admin = await userByEmail(fx.t.database, 'admin@example.com');
    // A settings editor of FreshMart does not even see the service company's administrator.
    const url = `/api/settings/users/${admin.id}`;
    expect((await call('PATCH', url, fx.tokens.orgEditor, { disabled: true })).statusCode).toBe(404);
    expect((await call('DELETE', url, fx.tokens.orgEditor)).statusCode).toBe(404);
    expect((await userByEmail(fx.t.database, 'admin@example.com')).disabled).toBe(false);
  });
});

describe('the user list', () => {
  it("carries each user's permissions (their role's), so the console offers edit and sign-in-as as the API allows", async () => {
    const res = await call('GET', '/api/settings/users?per_page=100', fx.tokens.admin);
    expect(res.statusCode).toBe(200);
    const listed: { email: string; permissions: string[] }[] = res.json().data;
    expect(listed.length).toBeGreaterThan(1);
    const rows = await fx.t.database.db
      .select({ email: users.email, permissions: roles.permissions })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId));
    const byEmail = new Map(rows.map((r) => [r.email, r.permissions]));
    for (const u of listed) expect(u.permissions, u.email).toEqual(byEmail.get(u.email));
    // The administrator holds every permission; a viewer's list is shorter, and theirs alone.
    expect(new Set(listed.map((u) => u.permissions.length)).size).toBeGreaterThan(1);
  });
});
