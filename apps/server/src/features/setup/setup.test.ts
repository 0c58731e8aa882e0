import { PERMISSIONS } from '@rcm/shared/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organizations, roles, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { currentUser, headers, rowCount } from '../../test/helpers.ts';
import { CreateUserError, createUser } from './create-user.ts';

let t: TestApp;
/** Which of the two racing setups made the administrator (either may win). */
let adminEmail = '';

beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
});
afterAll(async () => {
  await t?.close();
});

const body = {
  organization_name: 'Polar Service Co.',
  name: 'Alma Reyes',
  email: 'Alma@Polar.example',
  password: 'cold-chain-2026',
  locale: 'es-MX',
};
const setup = (payload: object, locale?: string) =>
  t.app.inject({ method: 'POST', url: '/api/setup', headers: headers(null, locale), payload });

describe('first-run setup', () => {
  it('is needed on a database with no user', async () => {
    const res = await t.app.inject({ url: '/api/setup' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { needed: true } });
  });

  it('refuses a weak password or a mismatched field, localized, and creates nothing', async () => {
    const weak = await setup({ ...body, password: 'password1' }, 'es-MX');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().error.details.fields).toEqual([
      {
        field: 'password',
        message: 'Esta contraseña es demasiado fácil de adivinar. Elige una más larga o menos común.',
      },
    ]);
    const missing = await setup({ ...body, organization_name: '' });
    expect(missing.statusCode).toBe(422);
    expect(await rowCount(t.database, users)).toBe(0);
    expect(await rowCount(t.database, organizations)).toBe(0);
  });

  it('of two concurrent setups creates exactly one administrator, signed in with every permission', async () => {
    const [a, b] = await Promise.all([setup(body), setup({ ...body, email: 'other@polar.example' })]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([201, 409]);
    expect(await rowCount(t.database, users)).toBe(1);
    expect(await rowCount(t.database, organizations)).toBe(1);
    const created = a.statusCode === 201 ? a : b;
    const refused = a.statusCode === 201 ? b : a;
    expect(refused.json().error.code).toBe('setup_done');
    const token = String(created.headers.authorization).replace(/^Bearer /, '');
    const me = (await currentUser(t.app, token)).json().data;
    adminEmail = me.email;
    expect(['alma@polar.example', 'other@polar.example']).toContain(adminEmail);
    expect(me.role.name).toBe('Administrator');
    expect(me.organisation.name).toBe('Polar Service Co.');
    expect(me.language.locale).toBe('es-MX');
    expect([...me.permissions].sort()).toEqual([...PERMISSIONS].sort());
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'setup.complete'));
    expect(audit?.actorUserId).toBe(me.id);
  });

  it('leaves the usual roles ready: Administrator, Manager, Technician and Viewer', async () => {
    const rows = await t.database.db.select().from(roles);
    const byName = new Map(rows.map((r) => [r.name, new Set(r.permissions)]));
    expect([...byName.keys()].sort()).toEqual(['Administrator', 'Manager', 'Technician', 'Viewer']);
    expect(byName.get('Technician')?.has('controller_authorize')).toBe(true);
    expect(byName.get('Manager')?.has('organization_view_all')).toBe(false);
    expect([...(byName.get('Viewer') ?? [])].every((p) => p.endsWith('_view'))).toBe(true);
  });

  it('is not needed afterwards and refuses a second setup with 409', async () => {
    expect((await t.app.inject({ url: '/api/setup' })).json()).toEqual({ data: { needed: false } });
    const again = await setup({ ...body, email: 'late@polar.example' }, 'es-MX');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'setup_done',
      message: 'Esta consola ya está configurada. Inicia sesión.',
    });
    expect(await rowCount(t.database, users)).toBe(1);
  });

  it('the first administrator signs in with the chosen password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: adminEmail, password: body.password },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('user:create (scripted installs)', () => {
  it('creates a user with an existing role in the named organization', async () => {
    const user = await createUser(t.database.db, {
      email: 'Ops@Polar.example',
      name: 'Ops Robot',
      role: 'Administrator',
      organization: 'Polar Service Co.',
      password: 'robots-never-sleep',
    });
    expect(user).toMatchObject({
      email: 'ops@polar.example',
      role: 'Administrator',
      organization: 'Polar Service Co.',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ops@polar.example', password: 'robots-never-sleep' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a weak password, a taken address and an unknown role, writing nothing', async () => {
    const before = await rowCount(t.database, users);
    const attempt = (over: object) =>
      createUser(t.database.db, {
        email: 'x@polar.example',
        name: 'X',
        role: 'Administrator',
        password: 'a-good-one-9',
        ...over,
      });
    await expect(attempt({ password: '12345678' })).rejects.toThrow(CreateUserError);
    await expect(attempt({ password: 'short' })).rejects.toThrow(/too weak/);
    await expect(attempt({ email: adminEmail })).rejects.toThrow(/already exists/);
    await expect(attempt({ role: 'Night Shift' })).rejects.toThrow(/No role named "Night Shift"/);
    expect(await rowCount(t.database, users)).toBe(before);
  });
});
