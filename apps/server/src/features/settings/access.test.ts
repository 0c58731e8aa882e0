import type { Permission } from '@rcm/shared/permissions';
import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmTypes, auditLog, roles, teams, users } from '../../db/schema.ts';
import { addUser } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { currentUser, headers, userByEmail } from '../../test/helpers.ts';

/**
 * Every settings endpoint × every kind of caller, from ONE table: a global administrator, a settings
 * editor and a settings viewer of FreshMart, a user without settings, and a settings editor of another
 * organization (Northwind), who must get 404 (or a field error) and no FreshMart data.
 */
const VIEWER_PERMS: Permission[] = [
  'organization_view',
  'locations_view',
  'controllers_view',
  'alarms_view',
  'search_view',
];
const CALLERS = ['admin', 'orgEditor', 'orgViewer', 'noSettings', 'otherOrg'] as const;
type Caller = (typeof CALLERS)[number];

let t: TestApp;
const tokens = {} as Record<Caller, string>;
const ids = { target: 0, freshTeam: 0, customRole: 0, viewerRole: 0, alarmType: 0, freshOrg: 0 };

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
  const db = t.database.db;
  await addUser(db, {
    from: 'viewer@example.com',
    email: 'fm-editor@example.com',
    permissions: ['settings_view', 'settings_update', ...VIEWER_PERMS],
  });
  await addUser(db, { from: 'viewer@example.com', email: 'fm-reader@example.com', permissions: ['settings_view'] });
  await addUser(db, {
    from: 'viewer@example.com',
    email: 'nw-editor@example.com',
    organizationName: 'Northwind Grocers',
    permissions: ['settings_view', 'settings_update', ...VIEWER_PERMS],
  });
  const target = await addUser(db, { from: 'viewer@example.com', email: 'fm-target@example.com' });
  ids.target = target.id;
  ids.freshOrg = target.organizationId;
  ids.viewerRole = (await userByEmail(t.database, 'viewer@example.com')).roleId;
  const [team] = await db.select().from(teams).where(eq(teams.name, 'Store Operations'));
  ids.freshTeam = team?.id ?? 0;
  const [role] = await db
    .insert(roles)
    .values({ name: 'Access test role', color: '#123456', permissions: ['alarms_view'] })
    .returning();
  ids.customRole = role?.id ?? 0;
  const [type] = await db.select().from(alarmTypes).where(eq(alarmTypes.code, 'LOW_OIL_PRESSURE'));
  ids.alarmType = type?.id ?? 0;
  tokens.admin = await login(t.app, 'admin@example.com');
  tokens.orgEditor = await login(t.app, 'fm-editor@example.com');
  tokens.orgViewer = await login(t.app, 'fm-reader@example.com');
  tokens.noSettings = await login(t.app, 'viewer@example.com');
  tokens.otherOrg = await login(t.app, 'nw-editor@example.com');
});
afterAll(() => t?.close());

type Row = {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  url: () => string;
  body?: () => unknown;
  expect: Record<Caller, number>;
};

const userBody = () => ({
  name: 'Target Renamed',
  email: 'fm-target@example.com',
  role_id: ids.viewerRole,
  team_id: ids.freshTeam,
  organization_id: ids.freshOrg,
  language: 'es-MX',
  disabled: false,
});
const alarmTypeBody = () => ({
  name: 'Low oil pressure',
  name_es: 'Presión de aceite baja',
  comparator: 'lt',
  threshold: 10,
  hysteresis: 2,
  delay_seconds: 60,
  severity: 'critical',
  auto_clear: true,
  enabled: true,
  escalation_delay_seconds: null,
  escalation_repeat_seconds: null,
  escalation_team_id: null,
  escalation_user_ids: [],
});

const TABLE: Row[] = [
  {
    name: 'list users',
    method: 'GET',
    url: () => '/api/settings/users',
    expect: { admin: 200, orgEditor: 200, orgViewer: 200, noSettings: 403, otherOrg: 200 },
  },
  {
    name: 'view user',
    method: 'GET',
    url: () => `/api/settings/users/${ids.target}`,
    expect: { admin: 200, orgEditor: 200, orgViewer: 200, noSettings: 403, otherOrg: 404 },
  },
  {
    name: 'update user',
    method: 'PUT',
    url: () => `/api/settings/users/${ids.target}`,
    body: userBody,
    expect: { admin: 200, orgEditor: 200, orgViewer: 403, noSettings: 403, otherOrg: 404 },
  },
  {
    name: 'list teams',
    method: 'GET',
    url: () => '/api/settings/teams',
    expect: { admin: 200, orgEditor: 200, orgViewer: 200, noSettings: 403, otherOrg: 200 },
  },
  {
    name: 'view team',
    method: 'GET',
    url: () => `/api/settings/teams/${ids.freshTeam}`,
    expect: { admin: 200, orgEditor: 200, orgViewer: 200, noSettings: 403, otherOrg: 404 },
  },
  {
    name: 'update team',
    method: 'PUT',
    url: () => `/api/settings/teams/${ids.freshTeam}`,
    body: () => ({ name: 'Store Operations', organization_id: ids.freshOrg }),
    expect: { admin: 200, orgEditor: 200, orgViewer: 403, noSettings: 403, otherOrg: 422 },
  },
  {
    name: 'create team',
    method: 'POST',
    url: () => '/api/settings/teams',
    body: () => ({ name: 'Night shift', organization_id: ids.freshOrg }),
    expect: { admin: 201, orgEditor: 201, orgViewer: 403, noSettings: 403, otherOrg: 422 },
  },
  {
    name: 'list roles',
    method: 'GET',
    url: () => '/api/settings/roles',
    expect: { admin: 200, orgEditor: 200, orgViewer: 200, noSettings: 403, otherOrg: 200 },
  },
  {
    name: 'view role',
    method: 'GET',
    url: () => `/api/settings/roles/${ids.customRole}`,
    expect: { admin: 200, orgEditor: 200, orgViewer: 200, noSettings: 403, otherOrg: 200 },
  },
  {
    name: 'update role (shared by all organizations)',
    method: 'PUT',
    url: () => `/api/settings/roles/${ids.customRole}`,
    body: () => ({ name: 'Access test role', color: '#123456', permissions: ['alarms_view'] }),
    expect: { admin: 200, orgEditor: 403, orgViewer: 403, noSettings: 403, otherOrg: 403 },
  },
  {
    name: 'create role',
    method: 'POST',
    url: () => '/api/settings/roles',
    body: () => ({ name: 'New role', color: '#654321', permissions: [] }),
    expect: { admin: 201, orgEditor: 403, orgViewer: 403, noSettings: 403, otherOrg: 403 },
  },
  {
    name: 'list alarm types',
    method: 'GET',
    url: () => '/api/settings/alarm-types',
    expect: { admin: 200, orgEditor: 200, orgViewer: 200, noSettings: 403, otherOrg: 200 },
  },
  {
    name: 'view alarm type',
    method: 'GET',
    url: () => `/api/settings/alarm-types/${ids.alarmType}`,
    expect: { admin: 200, orgEditor: 200, orgViewer: 200, noSettings: 403, otherOrg: 200 },
  },
  {
    name: 'update alarm type (shared by all organizations)',
    method: 'PUT',
    url: () => `/api/settings/alarm-types/${ids.alarmType}`,
    body: alarmTypeBody,
    expect: { admin: 200, orgEditor: 403, orgViewer: 403, noSettings: 403, otherOrg: 403 },
  },
  {
    name: 'audit log',
    method: 'GET',
    url: () => '/api/audit-log',
    expect: { admin: 200, orgEditor: 200, orgViewer: 200, noSettings: 403, otherOrg: 200 },
  },
];

const call = (row: Row, token: string | null) =>
  t.app.inject({ method: row.method, url: row.url(), headers: headers(token), payload: row.body?.() as object });

describe('settings access: endpoint × caller', () => {
  for (const row of TABLE) {
    it(`${row.method} ${row.name}: 401 signed out`, async () => {
      expect((await call(row, null)).statusCode).toBe(401);
    });
    for (const caller of CALLERS) {
      it(`${row.method} ${row.name} as ${caller} → ${row.expect[caller]}`, async () => {
        const res = await call(row, tokens[caller]);
        expect(res.statusCode, res.body).toBe(row.expect[caller]);
        if (res.statusCode >= 400) expect(res.json().data).toBeUndefined();
      });
    }
  }
});

describe('settings scope: another organization sees none of FreshMart', () => {
  it('lists only the caller’s organization’s users, teams and audit entries', async () => {
    const get = async (url: string, caller: Caller) =>
      (await t.app.inject({ method: 'GET', url, headers: headers(tokens[caller]) })).json();
    const nwUsers = await get('/api/settings/users?per_page=100', 'otherOrg');
    expect(nwUsers.data.map((u: { email: string }) => u.email)).not.toContain('fm-target@example.com');
    expect(new Set(nwUsers.data.map((u: { organisation: { name: string } }) => u.organisation.name))).toEqual(
      new Set(['Northwind Grocers']),
    );
    const fmUsers = await get('/api/settings/users?per_page=100&q=fm-target', 'orgEditor');
    expect(fmUsers.data.map((u: { email: string }) => u.email)).toEqual(['fm-target@example.com']);
    const nwTeams = await get('/api/settings/teams?per_page=100', 'otherOrg');
    expect(nwTeams.data.map((x: { name: string }) => x.name)).not.toContain('Store Operations');
    const nwAudit = await get('/api/audit-log?per_page=100', 'otherOrg');
    for (const e of nwAudit.data) expect(e.organisation?.name).not.toBe('FreshMart Foods');
    const fmAudit = await get('/api/audit-log?action=user.update', 'orgEditor');
    expect(fmAudit.meta.total).toBeGreaterThan(0);
    expect(fmAudit.data[0]).toMatchObject({ action: 'user.update', subject_type: 'user' });
    // Sign-ins (every caller above signed in) are left out on request, and only they are.
    const all = await get('/api/audit-log?per_page=100', 'orgEditor');
    const changes = await get('/api/audit-log?per_page=100&hide_sign_ins=true', 'orgEditor');
    const actionsOf = (page: { data: { action: string }[] }) => page.data.map((e) => e.action);
    expect(actionsOf(all)).toContain('auth.login');
    expect(actionsOf(changes)).not.toContain('auth.login');
    expect(actionsOf(changes)).toContain('user.update');
    expect(changes.meta.total).toBe(all.meta.total - actionsOf(all).filter((a) => a === 'auth.login').length);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/audit-log?hide_sign_ins=maybe',
          headers: headers(tokens.orgEditor),
        })
      ).statusCode,
    ).toBe(422);
  });
});

describe('settings rules', () => {
  const put = (url: string, token: string, payload: object, locale?: string) =>
    t.app.inject({ method: 'PUT', url, headers: headers(token, locale), payload });

  it('disabling a user ends their sessions at once, audited', async () => {
    const victim = await addUser(t.database.db, { from: 'viewer@example.com', email: 'fm-disable@example.com' });
    const victimToken = await login(t.app, victim.email);
    expect((await currentUser(t.app, victimToken)).statusCode).toBe(200);
    const changed: number[][] = [];
    const off = t.bus.on('auth.changed', (e) => e.disconnect && changed.push(e.userIds));
    const res = await put(`/api/settings/users/${victim.id}`, tokens.orgEditor, {
      ...userBody(),
      email: victim.email,
      team_id: null,
      disabled: true,
    });
    off();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.disabled).toBe(true);
    expect((await currentUser(t.app, victimToken)).statusCode).toBe(401);
    expect(changed).toEqual([[victim.id]]);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.disable'), eq(auditLog.subjectId, String(victim.id))));
    expect(entry?.before).toMatchObject({ disabled: false });
    expect(entry?.after).toMatchObject({ disabled: true });
    const login2 = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: victim.email, password: 'demo1234' },
    });
    expect(login2.statusCode).toBe(403);
  });

  it('a permission removed from a role is refused on the very next request', async () => {
    const user = await addUser(t.database.db, {
      from: 'viewer@example.com',
      email: 'role-user@example.com',
      permissions: ['controllers_view', 'alarms_view'],
    });
    const token = await login(t.app, user.email);
    const list = () => t.app.inject({ method: 'GET', url: '/api/controllers', headers: headers(token) });
    expect((await list()).statusCode).toBe(200);
    const heard: number[][] = [];
    const off = t.bus.on('auth.changed', (e) => heard.push(e.userIds));
    const res = await put(`/api/settings/roles/${user.roleId}`, tokens.admin, {
      name: 'Role user',
      color: '#0f766e',
      permissions: ['alarms_view'],
    });
    off();
    expect(res.statusCode, res.body).toBe(200);
    expect((await list()).statusCode).toBe(403);
    expect((await currentUser(t.app, token)).json().data.permissions).toEqual(['alarms_view']);
    expect(heard).toEqual([[user.id]]);
  });

  it('nobody assigns a role holding permissions they lack', async () => {
    const admin = await userByEmail(t.database, 'admin@example.com');
    const res = await put(`/api/settings/users/${ids.target}`, tokens.orgEditor, {
      ...userBody(),
      role_id: admin.roleId,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details.fields).toEqual([{ field: 'role_id', message: 'You cannot grant this role.' }]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, ids.target));
    expect(row?.roleId).toBe(ids.viewerRole);
    // Nor edits someone who holds more than they do.
    const manager = await userByEmail(t.database, 'manager@example.com');
    const edit = await put(`/api/settings/users/${manager.id}`, tokens.orgEditor, {
      ...userBody(),
      email: manager.email,
      role_id: manager.roleId,
    });
    expect(edit.statusCode).toBe(403);
  });

  it('nobody writes permissions they lack into a role', async () => {
    await addUser(t.database.db, {
      from: 'admin@example.com',
      email: 'global-editor@example.com',
      permissions: ['settings_view', 'settings_update', 'organization_view_all', 'alarms_view'],
    });
    const token = await login(t.app, 'global-editor@example.com');
    const res = await put(
      `/api/settings/roles/${ids.customRole}`,
      token,
      { name: 'Access test role', color: '#123456', permissions: ['alarms_view', 'users_impersonate'] },
      'es-MX',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details.fields[0]).toEqual({
      field: 'permissions',
      message: 'No puedes otorgar permisos que tú no tienes.',
    });
    const [role] = await t.database.db.select().from(roles).where(eq(roles.id, ids.customRole));
    expect(role?.permissions).toEqual(['alarms_view']);
    // The administrator's role holds more than this editor: out of reach.
    const admin = await userByEmail(t.database, 'admin@example.com');
    const edit = await put(`/api/settings/roles/${admin.roleId}`, token, {
      name: 'Administrator',
      color: '#6d28d9',
      permissions: ['alarms_view'],
    });
    expect(edit.statusCode).toBe(403);
  });

  it('nobody impersonates someone holding more permissions', async () => {
    await addUser(t.database.db, {
      from: 'admin@example.com',
      email: 'impersonator@example.com',
      permissions: ['users_impersonate', 'settings_view', 'organization_view_all', ...VIEWER_PERMS],
    });
    const token = await login(t.app, 'impersonator@example.com');
    const technician = await userByEmail(t.database, 'technician@example.com');
    const viewer = await userByEmail(t.database, 'viewer@example.com');
    const as = (userId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/impersonate',
        headers: headers(token),
        payload: { user_id: userId },
      });
    const refused = await as(technician.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('cannot_impersonate');
    expect((await as(viewer.id)).statusCode).toBe(200);
  });

  it('bad input is a localized 422 with field errors and changes nothing', async () => {
    const { language: _language, ...withoutLanguage } = userBody();
    const res = await put(`/api/settings/users/${ids.target}`, tokens.admin, { ...withoutLanguage, name: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details.fields).toEqual(
      expect.arrayContaining([
        { field: 'language', message: 'This field is required.' },
        { field: 'name', message: 'This field is required.' },
      ]),
    );
    const bad = await put(
      `/api/settings/alarm-types/${ids.alarmType}`,
      tokens.admin,
      {
        ...alarmTypeBody(),
        delay_seconds: -5,
        severity: 'huge',
      },
      'es-MX',
    );
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .error.details.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['delay_seconds', 'severity']);
    const [last] = await t.database.db.select({ id: max(auditLog.id) }).from(auditLog);
    const again = await put(`/api/settings/users/${ids.target}`, tokens.admin, {
      ...userBody(),
      email: 'admin@example.com',
    });
    expect(again.statusCode).toBe(409);
    const after = await t.database.db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, last?.id ?? 0));
    expect(after).toEqual([]);
  });

  it('saves an alarm type’s escalation and refuses unknown escalation users', async () => {
    const url = `/api/settings/alarm-types/${ids.alarmType}`;
    const bad = await put(url, tokens.admin, { ...alarmTypeBody(), escalation_user_ids: [999_999] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details.fields[0].field).toBe('escalation_user_ids');
    const body = {
      ...alarmTypeBody(),
      escalation_delay_seconds: 900,
      escalation_repeat_seconds: 1800,
      escalation_team_id: ids.freshTeam,
      escalation_user_ids: [ids.target],
    };
    const ok = await put(url, tokens.admin, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      escalation_delay_seconds: 900,
      escalation_repeat_seconds: 1800,
      escalation_team_id: ids.freshTeam,
      escalation_user_ids: [ids.target],
    });
    await put(url, tokens.admin, alarmTypeBody());
  });

  it('PATCH /api/account without a language says the field is required', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: headers(tokens.noSettings, 'es-MX'),
      payload: { name: 'Val Viewer', email: 'viewer@example.com' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details.fields).toEqual([{ field: 'language', message: 'Este campo es obligatorio.' }]);
  });
});
