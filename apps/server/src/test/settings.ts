import type { Permission } from '@rcm/shared/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { roles, teams } from '../db/schema.ts';
import { alarmTypes } from '../db/schema-alarms.ts';
import { addUser } from './alarms.ts';
import { createTestApp, login, type TestApp } from './app.ts';
import { userByEmail } from './helpers.ts';

/**
 * The callers and records the settings tests share (access.test.ts, rules.test.ts): a global
 * administrator, a settings editor and a settings viewer of FreshMart, a user without settings, and a
 * settings editor of another organization (Northwind). Registers the file's beforeAll/afterAll.
 */
export const VIEWER_PERMS: Permission[] = [
  'organization_view',
  'locations_view',
  'controllers_view',
  'alarms_view',
  'search_view',
];
export const CALLERS = ['admin', 'orgEditor', 'orgViewer', 'noSettings', 'otherOrg'] as const;
export type Caller = (typeof CALLERS)[number];

export function useSettingsFixture() {
  const fx = {
    t: undefined as unknown as TestApp,
    tokens: {} as Record<Caller, string>,
    ids: { target: 0, freshTeam: 0, customRole: 0, viewerRole: 0, alarmType: 0, freshOrg: 0 },
  };
  const { tokens, ids } = fx;
  beforeAll(async () => {
    fx.t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    const db = fx.t.database.db;
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
    ids.viewerRole = (await userByEmail(fx.t.database, 'viewer@example.com')).roleId;
    const [team] = await db.select().from(teams).where(eq(teams.name, 'Store Operations'));
    ids.freshTeam = team?.id ?? 0;
    const [role] = await db
      .insert(roles)
      .values({ name: 'Access test role', color: '#123456', permissions: ['alarms_view'] })
      .returning();
    ids.customRole = role?.id ?? 0;
    const [type] = await db.select().from(alarmTypes).where(eq(alarmTypes.code, 'LOW_OIL_PRESSURE'));
    ids.alarmType = type?.id ?? 0;
    tokens.admin = await login(fx.t.app, 'admin@example.com');
    tokens.orgEditor = await login(fx.t.app, 'fm-editor@example.com');
    tokens.orgViewer = await login(fx.t.app, 'fm-reader@example.com');
    tokens.noSettings = await login(fx.t.app, 'viewer@example.com');
    tokens.otherOrg = await login(fx.t.app, 'nw-editor@example.com');
  });
  afterAll(() => fx.t?.close());
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
    escalation_policy_id: null,
  });
  // The very object the hooks fill in: `fx.t` is set once beforeAll has run.
  return Object.assign(fx, { userBody, alarmTypeBody });
}
