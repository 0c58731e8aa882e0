import { and, eq, gt, max } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, roles, users } from '../../db/schema.ts';
import { addUser } from '../../test/alarms.ts';
import { login } from '../../test/app.ts';
import { currentUser, headers, userByEmail } from '../../test/helpers.ts';

import { useSettingsFixture, VIEWER_PERMS } from '../../test/settings.ts';

/** Settings rules: effects at once, nobody hands out more than they hold, localized bad input. */
const fx = useSettingsFixture();
const { tokens, ids, userBody, alarmTypeBody } = fx;

describe('settings rules', () => {
  const put = (url: string, token: string, payload: object, locale?: string) =>
    fx.t.app.inject({ method: 'PUT', url, headers: headers(token, locale), payload });

  it('disabling a user ends their sessions at once, audited', async () => {
    const victim = await addUser(fx.t.database.db, { from: 'viewer@example.com', email: 'fm-disable@example.com' });
    const victimToken = await login(fx.t.app, victim.email);
    expect((await currentUser(fx.t.app, victimToken)).statusCode).toBe(200);
    const changed: number[][] = [];
    const off = fx.t.bus.on('auth.changed', (e) => e.disconnect && changed.push(e.userIds));
    const res = await put(`/api/settings/users/${victim.id}`, tokens.orgEditor, {
      ...userBody(),
      email: victim.email,
      team_id: null,
      disabled: true,
    });
    off();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.disabled).toBe(true);
    expect((await currentUser(fx.t.app, victimToken)).statusCode).toBe(401);
    expect(changed).toEqual([[victim.id]]);
    const [entry] = await fx.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.disable'), eq(auditLog.subjectId, String(victim.id))));
    expect(entry?.before).toMatchObject({ disabled: false });
    expect(entry?.after).toMatchObject({ disabled: true });
    const login2 = await fx.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: victim.email, password: 'demo1234' },
    });
    expect(login2.statusCode).toBe(403);
  });

  it('a permission removed from a role is refused on the very next request', async () => {
    const user = await addUser(fx.t.database.db, {
      from: 'viewer@example.com',
      email: 'role-user@example.com',
      permissions: ['controllers_view', 'alarms_view'],
    });
    const token = await login(fx.t.app, user.email);
    const list = () => fx.t.app.inject({ method: 'GET', url: '/api/controllers', headers: headers(token) });
    expect((await list()).statusCode).toBe(200);
    const heard: number[][] = [];
    const off = fx.t.bus.on('auth.changed', (e) => heard.push(e.userIds));
    const res = await put(`/api/settings/roles/${user.roleId}`, tokens.admin, {
      name: 'Role user',
      color: '#0f766e',
      permissions: ['alarms_view'],
    });
    off();
    expect(res.statusCode, res.body).toBe(200);
    expect((await list()).statusCode).toBe(403);
    expect((await currentUser(fx.t.app, token)).json().data.permissions).toEqual(['alarms_view']);
    expect(heard).toEqual([[user.id]]);
  });

  it('nobody assigns a role holding permissions they lack', async () => {
    const admin = await userByEmail(fx.t.database, 'admin@example.com');
    const res = await put(`/api/settings/users/${ids.target}`, tokens.orgEditor, {
      ...userBody(),
      role_id: admin.roleId,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details.fields).toEqual([{ field: 'role_id', message: 'You cannot grant this role.' }]);
    const [row] = await fx.t.database.db.select().from(users).where(eq(users.id, ids.target));
    expect(row?.roleId).toBe(ids.viewerRole);
    // Nor edits someone who holds more than they do.
    const manager = await userByEmail(fx.t.database, 'manager@example.com');
    const edit = await put(`/api/settings/users/${manager.id}`, tokens.orgEditor, {
      ...userBody(),
      email: manager.email,
      role_id: manager.roleId,
    });
    expect(edit.statusCode).toBe(403);
  });

  it('nobody writes permissions they lack into a role', async () => {
    await addUser(fx.t.database.db, {
      from: 'admin@example.com',
      email: 'global-editor@example.com',
      permissions: ['settings_view', 'settings_update', 'organization_view_all', 'alarms_view'],
    });
    const token = await login(fx.t.app, 'global-editor@example.com');
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
    const [role] = await fx.t.database.db.select().from(roles).where(eq(roles.id, ids.customRole));
    expect(role?.permissions).toEqual(['alarms_view']);
    // The administrator's role holds more than this editor: out of reach.
    const admin = await userByEmail(fx.t.database, 'admin@example.com');
    const edit = await put(`/api/settings/roles/${admin.roleId}`, token, {
      name: 'Administrator',
      color: '#6d28d9',
      permissions: ['alarms_view'],
    });
    expect(edit.statusCode).toBe(403);
  });

  it('nobody impersonates someone holding more permissions', async () => {
    await addUser(fx.t.database.db, {
      from: 'admin@example.com',
      email: 'impersonator@example.com',
      permissions: ['users_impersonate', 'settings_view', 'organization_view_all', ...VIEWER_PERMS],
    });
    const token = await login(fx.t.app, 'impersonator@example.com');
    const technician = await userByEmail(fx.t.database, 'technician@example.com');
    const viewer = await userByEmail(fx.t.database, 'viewer@example.com');
    const as = (userId: number) =>
      fx.t.app.inject({
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
    const [last] = await fx.t.database.db.select({ id: max(auditLog.id) }).from(auditLog);
    const again = await put(`/api/settings/users/${ids.target}`, tokens.admin, {
      ...userBody(),
      email: 'admin@example.com',
    });
    expect(again.statusCode).toBe(409);
    const after = await fx.t.database.db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, last?.id ?? 0));
    expect(after).toEqual([]);
  });

  it('saves an alarm type’s chattering setting, and keeps it when a save leaves it out', async () => {
    const url = `/api/settings/alarm-types/${ids.alarmType}`;
    expect((await put(url, tokens.admin, { ...alarmTypeBody(), chatter_count: 1 })).statusCode).toBe(422);
    expect((await put(url, tokens.admin, { ...alarmTypeBody(), chatter_minutes: 2000 })).statusCode).toBe(422);
    const saved = await put(url, tokens.admin, { ...alarmTypeBody(), chatter_count: 5, chatter_minutes: 30 });
    expect(saved.json().data).toMatchObject({ chatter_count: 5, chatter_minutes: 30 });
    const kept = await put(url, tokens.admin, alarmTypeBody());
    expect(kept.json().data).toMatchObject({ chatter_count: 5, chatter_minutes: 30 });
  });

  it('saves an alarm type’s defrost recovery and product probe, refuses them out of range in the caller’s language', async () => {
    const url = `/api/settings/alarm-types/${ids.alarmType}`;
    const before = (await fx.t.app.inject({ method: 'GET', url, headers: headers(tokens.admin) })).json().data;
    expect(before).toMatchObject({ defrost_recovery_minutes: 45, product_probe_minutes: null });
    const bad = await put(
      url,
      tokens.admin,
      { ...alarmTypeBody(), defrost_recovery_minutes: 241, product_probe_minutes: 4 },
      'es-MX',
    );
    expect(bad.statusCode).toBe(422);
    const fields = bad.json().error.details.fields as { field: string; message: string }[];
    expect(fields.map((f) => f.field).sort()).toEqual(['defrost_recovery_minutes', 'product_probe_minutes']);
    expect(fields.every((f) => /\d/.test(f.message) && !/must|greater|less/i.test(f.message))).toBe(true);
    const unchanged = (await fx.t.app.inject({ method: 'GET', url, headers: headers(tokens.admin) })).json().data;
    expect(unchanged).toMatchObject({ defrost_recovery_minutes: 45, product_probe_minutes: null });
    const saved = await put(url, tokens.admin, {
      ...alarmTypeBody(),
      defrost_recovery_minutes: 0,
      product_probe_minutes: 20,
    });
    expect(saved.json().data).toMatchObject({ defrost_recovery_minutes: 0, product_probe_minutes: 20 });
    // Left out: kept; null: the probe is turned off.
    expect((await put(url, tokens.admin, alarmTypeBody())).json().data).toMatchObject({ product_probe_minutes: 20 });
    const off = await put(url, tokens.admin, { ...alarmTypeBody(), product_probe_minutes: null });
    expect(off.json().data).toMatchObject({ defrost_recovery_minutes: 0, product_probe_minutes: null });
  });

  it('saves an alarm type’s escalation policy: a shared one, never an organization’s or an unknown one', async () => {
    const url = `/api/settings/alarm-types/${ids.alarmType}`;
    const bad = await put(url, tokens.admin, { ...alarmTypeBody(), escalation_policy_id: 999_999 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details.fields[0].field).toBe('escalation_policy_id');
    const steps = [{ delay_minutes: 5, targets: [{ type: 'team', id: ids.freshTeam }] }];
    const own = await fx.t.app.inject({
      method: 'POST',
      url: '/api/escalation-policies',
      headers: headers(tokens.admin),
      payload: { name: 'FreshMart only', organization_id: ids.freshOrg, steps },
    });
    expect(own.statusCode, own.body).toBe(201);
    const refused = await put(url, tokens.admin, { ...alarmTypeBody(), escalation_policy_id: own.json().data.id });
    expect(refused.statusCode).toBe(422);
    const shared = await fx.t.app.inject({
      method: 'POST',
      url: '/api/escalation-policies',
      headers: headers(tokens.admin),
      payload: { name: 'Oil', organization_id: null, steps },
    });
    const ok = await put(url, tokens.admin, { ...alarmTypeBody(), escalation_policy_id: shared.json().data.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ escalation_policy_id: shared.json().data.id });
    await put(url, tokens.admin, alarmTypeBody());
  });

  it('PATCH /api/account without a language says the field is required', async () => {
    const res = await fx.t.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: headers(tokens.noSettings, 'es-MX'),
      payload: { name: 'Val Viewer', email: 'viewer@example.com' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details.fields).toEqual([{ field: 'language', message: 'Este campo es obligatorio.' }]);
  });
});
