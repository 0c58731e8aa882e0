import type { Permission } from '@rcm/shared/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { organizations } from '../db/schema.ts';
import { addOutsider, addUser } from './alarms.ts';
import { createTestApp, login, type TestApp } from './app.ts';
import { DAY, headers } from './helpers.ts';

export const CREATOR_PERMISSIONS: Permission[] = [
  'alarms_view',
  'alarms_acknowledge',
  'controllers_view',
  'organization_view',
  'locations_view',
  'settings_view',
  'settings_update',
  'reports_view',
  'haccp_sign',
  'jobs_view',
  'users_impersonate',
];

export let t: TestApp;
export let freshMart: number;
export let valleVerde: number;
export let creator: string;
export let creatorId: number;
export let creatorRoleId: number;
export let outsider: string;

export const inject = (
  method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH',
  url: string,
  token: string,
  payload?: object,
) => t.app.inject({ method, url, headers: headers(token), ...(payload ? { payload } : {}) });

export async function reauth(session: string, password = 'demo1234') {
  const res = await inject('POST', '/api/auth/reauth', session, { password });
  return { status: res.statusCode, body: res.json() };
}

export const inAMonth = () => new Date(t.clock.now.getTime() + 30 * DAY).toISOString();

export async function createToken(session: string, body: Record<string, unknown>) {
  const proof = await reauth(session);
  expect(proof.status).toBe(200);
  return inject('POST', '/api/settings/api-tokens', session, {
    name: 'BMS reader',
    organization_id: freshMart,
    location_ids: null,
    expires_at: inAMonth(),
    reauth_token: proof.body.data.reauth_token,
    ...body,
  });
}

export async function tokenNaming(permissions: Permission[], session = creator, organizationId = freshMart) {
  const res = await createToken(session, { permissions, organization_id: organizationId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { data: { id: number; name: string }; token: string };
}

/** The app with a FreshMart token creator (a role of their own), FreshMart's and Valle Verde's ids and an outsider signed in. Registers the file's hooks. */
export function useApiTokensApp() {
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    const db = t.database.db;
    const orgId = async (name: string) =>
      (await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, name)))[0]?.id ?? 0;
    freshMart = await orgId('FreshMart Foods');
    valleVerde = await orgId('Valle Verde Supermercados');
    const row = await addUser(db, {
      from: 'manager@example.com',
      email: 'creator@example.com',
      permissions: CREATOR_PERMISSIONS,
    });
    creatorId = row.id;
    creatorRoleId = row.roleId;
    await addUser(db, { from: 'manager@example.com', email: 'alarms-only@example.com', permissions: ['alarms_view'] });
    await addOutsider(db, 'vv-editor@example.com', ['alarms_view', 'settings_view', 'settings_update']);
    creator = await login(t.app, 'creator@example.com');
    outsider = await login(t.app, 'vv-editor@example.com');
  });
  afterAll(() => t?.close());
}
