import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.ts';
import { apiTokens } from '../../db/schema-auth.ts';
import { addOutsider, addUser } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { DAY, headers } from '../../test/helpers.ts';

let t: TestApp;
let personId: number;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
  personId = (
    await addUser(t.database.db, {
      from: 'manager@example.com',
      email: 'person@example.com',
      permissions: ['alarms_view'],
    })
  ).id;
  await addUser(t.database.db, {
    from: 'manager@example.com',
    email: 'fm-admin@example.com',
    permissions: ['settings_view', 'settings_update', 'alarms_view'],
  });
  await addOutsider(t.database.db, 'vv-admin@example.com', ['settings_view', 'settings_update', 'alarms_view']);
});
afterAll(() => t?.close());

const inject = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: headers(token), ...(payload ? { payload } : {}) });

async function signIn(email: string, userAgent: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': userAgent },
    payload: { email, password: 'demo1234' },
  });
  return String(res.headers.authorization).replace(/^Bearer /, '');
}

describe('the account’s sessions', () => {
  it('lists where and how each signed in, ends one, and ends all the others', async () => {
    const laptop = await signIn('person@example.com', 'Laptop browser');
    const phone = await signIn('person@example.com', 'Phone browser');
    const tablet = await signIn('person@example.com', 'Tablet browser');
    const list = await inject('GET', '/api/account/sessions', laptop);
    expect(list.statusCode).toBe(200);
    const sessions = list.json().data as {
      id: number;
      user_agent: string;
      current: boolean;
      method: string;
      ip: string;
    }[];
    expect(sessions.map((s) => [s.user_agent, s.current, s.method]).sort()).toEqual([
      ['Laptop browser', true, 'password'],
      ['Phone browser', false, 'password'],
      ['Tablet browser', false, 'password'],
    ]);
    expect(sessions[0]?.ip).toBe('127.0.0.1');
    const phoneId = sessions.find((s) => s.user_agent === 'Phone browser')?.id;
    expect((await inject('DELETE', `/api/account/sessions/${phoneId}`, laptop)).statusCode).toBe(204);
    expect((await inject('GET', '/api/auth/user', phone)).statusCode).toBe(401);
    expect((await inject('GET', '/api/auth/user', tablet)).statusCode).toBe(200);
    // Another person's session is not one's own to end.
    const other = await login(t.app, 'fm-admin@example.com');
    const mine = (await inject('GET', '/api/account/sessions', other)).json().data[0].id;
    expect((await inject('DELETE', `/api/account/sessions/${mine}`, laptop)).statusCode).toBe(404);
    expect((await inject('GET', '/api/auth/user', other)).statusCode).toBe(200);

    expect((await inject('POST', '/api/account/sessions/revoke-others', laptop)).statusCode).toBe(200);
    expect((await inject('GET', '/api/auth/user', tablet)).statusCode).toBe(401);
    expect((await inject('GET', '/api/auth/user', laptop)).statusCode).toBe(200);
    expect((await inject('GET', '/api/account/sessions', laptop)).json().data).toHaveLength(1);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.session_revoked'), eq(auditLog.subjectId, String(personId))));
    expect(entries.map((e) => e.after)).toEqual([{ session_id: phoneId }, { sessions: 'others' }]);
  });
});

describe('an administrator ends a user’s sessions; disabling ends their sessions and tokens', () => {
  it('ends every session of a user in scope, and refuses another organization’s', async () => {
    const session = await signIn('person@example.com', 'Desk');
    const admin = await login(t.app, 'fm-admin@example.com');
    const outsider = await login(t.app, 'vv-admin@example.com');
    expect((await inject('DELETE', `/api/settings/users/${personId}/sessions`, outsider)).statusCode).toBe(404);
    expect((await inject('GET', '/api/auth/user', session)).statusCode).toBe(200);
    const ended = await inject('DELETE', `/api/settings/users/${personId}/sessions`, admin);
    expect(ended.statusCode, ended.body).toBe(204);
    expect((await inject('GET', '/api/auth/user', session)).statusCode).toBe(401);
  });

  it('disabling a user ends their sessions and revokes their tokens', async () => {
    const creator = await login(t.app, 'fm-admin@example.com');
    const proof = (await inject('POST', '/api/auth/reauth', creator, { password: 'demo1234' })).json().data;
    const [me] = await t.database.db.select().from(users).where(eq(users.email, 'fm-admin@example.com'));
    const created = await inject('POST', '/api/settings/api-tokens', creator, {
      name: 'BMS',
      organization_id: me?.organizationId,
      permissions: ['alarms_view'],
      location_ids: null,
      expires_at: new Date(t.clock.now.getTime() + DAY).toISOString(),
      reauth_token: proof.reauth_token,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { token, data } = created.json();
    const admin = await login(t.app, 'admin@example.com');
    const body = { disabled: true };
    expect((await inject('PATCH', `/api/settings/users/${me?.id}`, admin, body)).statusCode).toBe(200);
    expect((await inject('GET', '/api/auth/user', creator)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, data.id));
    expect(row?.revokedAt).not.toBeNull();
    // Enabled again, the token stays revoked.
    expect((await inject('PATCH', `/api/settings/users/${me?.id}`, admin, { disabled: false })).statusCode).toBe(200);
    expect((await inject('GET', '/api/alarms', token)).statusCode).toBe(401);
  });
});

describe('the audit export', () => {
  it('answers the scope’s entries since an instant as JSON lines in UTC, failed sign-ins among them', async () => {
    const since = t.clock.now.toISOString();
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'person@example.com', password: 'wrong-password' },
    });
    expect(failed.statusCode).toBe(422);
    const admin = await login(t.app, 'fm-admin@example.com');
    const res = await inject('GET', `/api/audit-log/export?since=${encodeURIComponent(since)}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = res.body
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.action)).toEqual(expect.arrayContaining(['auth.login_failed', 'auth.login']));
    for (const l of lines) expect(l.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(lines.find((l) => l.action === 'auth.login_failed')).toMatchObject({
      subject_id: String(personId),
      after: { email: 'person@example.com' },
    });
    // Another organization gets none of these FreshMart entries; a bad instant is a field error.
    const outsider = await login(t.app, 'vv-admin@example.com');
    const theirs = (await inject('GET', `/api/audit-log/export?since=${encodeURIComponent(since)}`, outsider)).body;
    const ids = new Set(lines.map((l) => l.id));
    for (const l of theirs.trimEnd().split('\n').filter(Boolean)) expect(ids.has(JSON.parse(l).id)).toBe(false);
    expect((await inject('GET', '/api/audit-log/export?since=yesterday', admin)).statusCode).toBe(422);
  });
});
