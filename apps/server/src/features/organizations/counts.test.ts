import { describe, expect, it } from 'vitest';
import { admin, t, useAdminApp } from '../../test/admin-app.ts';
import { headers } from '../../test/helpers.ts';

// Every count the console shows equals what the list it summarises returns.
useAdminApp();

const get = async <T>(url: string): Promise<T> => {
  const res = await t.app.inject({ url, headers: headers(admin) });
  expect(res.statusCode, url).toBe(200);
  return res.json() as T;
};

type Org = { id: number; name: string; controllers_count: number; locations_count: number; members_count: number };

describe('counts equal their lists', () => {
  it('each organization’s controllers, locations and members', async () => {
    const orgs = (await get<{ data: Org[] }>('/api/organizations?per_page=100')).data;
    expect(orgs.length).toBeGreaterThan(2);
    const seen = new Set<string>();
    for (const o of orgs) {
      const controllers = await get<{ meta: { total: number } }>(
        `/api/controllers?organization_id=${o.id}&authorised=true&per_page=1`,
      );
      const locations = await get<{ meta: { total: number } }>(`/api/locations?organization_id=${o.id}&per_page=1`);
      const members = await get<{ data: unknown[] }>(`/api/organizations/${o.id}/members`);
      expect([o.name, o.controllers_count, o.locations_count, o.members_count]).toEqual([
        o.name,
        controllers.meta.total,
        locations.meta.total,
        members.data.length,
      ]);
      seen.add(`${o.controllers_count}/${o.locations_count}/${o.members_count}`);
    }
    // The organizations differ: one figure for all of them is the symptom of counting the wrong rows.
    expect(seen.size).toBeGreaterThan(1);
  });

  it('each role’s users and each team’s members', async () => {
    const users = (
      await get<{ data: { role: { id: number }; team: { id: number } | null }[] }>('/api/settings/users?per_page=100')
    ).data;
    const roles = (
      await get<{ data: { id: number; name: string; users: number }[] }>('/api/settings/roles?per_page=100')
    ).data;
    for (const r of roles) expect([r.name, r.users]).toEqual([r.name, users.filter((u) => u.role.id === r.id).length]);
    const teams = (
      await get<{ data: { id: number; name: string; members: number }[] }>('/api/settings/teams?per_page=100')
    ).data;
    for (const tm of teams)
      expect([tm.name, tm.members]).toEqual([tm.name, users.filter((u) => u.team?.id === tm.id).length]);
  });
});
