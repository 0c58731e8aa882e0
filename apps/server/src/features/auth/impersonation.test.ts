import { and, eq, gt, inArray, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles } from '../../db/schema.ts';
import { sessions } from '../../db/schema-auth.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { currentUser, headers, rowCount, userByEmail } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
});
afterAll(() => t?.close());

describe('impersonation', () => {
  const impersonate = (token: string, userId: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: headers(token),
      payload: { user_id: userId },
    });
  const unimpersonate = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/unimpersonate', headers: headers(token) });

  it('lets the admin act as the viewer and return, audited both ways', async () => {
    const admin = await userByEmail(t.database, 'admin@example.com');
    const viewer = await userByEmail(t.database, 'viewer@example.com');
    const adminToken = await login(t.app, admin.email);
    const [last] = await t.database.db.select({ id: max(auditLog.id) }).from(auditLog);

    const res = await impersonate(adminToken, viewer.id);
    expect(res.statusCode).toBe(200);
    const token = String(res.headers.authorization).replace(/^Bearer /, '');
    expect(token).not.toBe(adminToken);
    expect(res.json().data).toMatchObject({ id: viewer.id, impersonating: true });
    const me = (await currentUser(t.app, token)).json().data;
    expect(me).toMatchObject({ id: viewer.id, email: 'viewer@example.com', impersonating: true });
    expect(me.permissions).not.toContain('users_impersonate');
    expect((await currentUser(t.app, adminToken)).json().data.impersonating).toBe(false);

    const back = await unimpersonate(token);
    expect(back.statusCode).toBe(200);
    expect((await currentUser(t.app, token)).statusCode).toBe(401);
    const adminMe = await currentUser(t.app, adminToken);
    expect(adminMe.statusCode).toBe(200);
    expect(adminMe.json().data).toMatchObject({ id: admin.id, impersonating: false });

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, last?.id ?? 0), inArray(auditLog.action, ['auth.impersonate', 'auth.unimpersonate'])));
    expect(rows.map((r) => [r.action, r.actorUserId, r.subjectId]).sort()).toEqual([
      ['auth.impersonate', admin.id, String(viewer.id)],
      ['auth.unimpersonate', admin.id, String(viewer.id)],
    ]);
  });

  it('refuses unimpersonate on a session that is not impersonating', async () => {
    const res = await unimpersonate(await login(t.app, 'admin@example.com'));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('not_impersonating');
  });

  it('logging out of an impersonated session ends the administrator session too', async () => {
    const adminToken = await login(t.app, 'admin@example.com');
    const viewer = await userByEmail(t.database, 'viewer@example.com');
    const token = String((await impersonate(adminToken, viewer.id)).headers.authorization).slice(7);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: headers(token) });
    expect((await currentUser(t.app, token)).statusCode).toBe(401);
    expect((await currentUser(t.app, adminToken)).statusCode).toBe(401);
  });

  it('is forbidden without users_impersonate', async () => {
    const viewer = await userByEmail(t.database, 'viewer@example.com');
    const res = await impersonate(await login(t.app, 'manager@example.com'), viewer.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect(res.headers.authorization).toBeUndefined();
  });

  it('never grants more permissions than the caller has', async () => {
    const technician = await userByEmail(t.database, 'technician@example.com');
    const [role] = await t.database.db.select().from(roles).where(eq(roles.id, technician.roleId));
    await t.database.db
      .update(roles)
      .set({ permissions: [...(role?.permissions ?? []), 'users_impersonate'] })
      .where(eq(roles.id, technician.roleId));
    const token = await login(t.app, technician.email);
    const admin = await userByEmail(t.database, 'admin@example.com');
    const before = await rowCount(t.database, sessions);

    const res = await impersonate(token, admin.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('cannot_impersonate');
    expect((await impersonate(token, technician.id)).json().error.code).toBe('cannot_impersonate');
    expect(await rowCount(t.database, sessions)).toBe(before);
    // The same caller may impersonate someone with fewer permissions.
    const viewer = await userByEmail(t.database, 'viewer@example.com');
    expect((await impersonate(token, viewer.id)).statusCode).toBe(200);
  });

  it('answers 404 for a nonexistent user and 422 for a bad user_id', async () => {
    const token = await login(t.app, 'admin@example.com');
    const res = await impersonate(token, 987_654);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: headers(token),
      payload: { user_id: 'two' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details.fields[0].field).toBe('user_id');
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, '987654'));
    expect(audits).toEqual([]);
  });
});
