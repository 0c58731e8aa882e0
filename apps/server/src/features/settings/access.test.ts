import { describe, expect, it } from 'vitest';
import { headers } from '../../test/helpers.ts';

import { CALLERS, type Caller, useSettingsFixture } from '../../test/settings.ts';

/**
 * Every settings endpoint × every kind of caller, from ONE table (callers in test/settings.ts);
 * the editor of another organization must get 404 (or a field error) and no FreshMart data.
 */
const fx = useSettingsFixture();
const { tokens, ids, userBody, alarmTypeBody } = fx;

type Row = {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  url: () => string;
  body?: () => unknown;
  expect: Record<Caller, number>;
};

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
    name: 'list integration tokens',
    method: 'GET',
    url: () => '/api/settings/api-tokens',
    expect: { admin: 200, orgEditor: 200, orgViewer: 403, noSettings: 403, otherOrg: 200 },
  },
  {
    name: 'create an integration token without a re-authentication',
    method: 'POST',
    url: () => '/api/settings/api-tokens',
    body: () => ({
      name: 'BMS',
      organization_id: ids.freshOrg,
      permissions: ['alarms_view'],
      location_ids: null,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    }),
    expect: { admin: 401, orgEditor: 401, orgViewer: 403, noSettings: 403, otherOrg: 422 },
  },
  {
    name: 'audit log',
    method: 'GET',
    url: () => '/api/audit-log',
    expect: { admin: 200, orgEditor: 200, orgViewer: 200, noSettings: 403, otherOrg: 200 },
  },
];

const call = (row: Row, token: string | null) =>
  fx.t.app.inject({ method: row.method, url: row.url(), headers: headers(token), payload: row.body?.() as object });

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
      (await fx.t.app.inject({ method: 'GET', url, headers: headers(tokens[caller]) })).json();
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
        await fx.t.app.inject({
          method: 'GET',
          url: '/api/audit-log?hide_sign_ins=maybe',
          headers: headers(tokens.orgEditor),
        })
      ).statusCode,
    ).toBe(422);
  });
});
