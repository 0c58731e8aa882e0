import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager']) tokens[who] = await login(t.app, `${who}@example.com`);
});
afterAll(async () => {
  await t?.close();
});

const call = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: headers(tokens[who], 'es-MX'), ...(payload ? { payload } : {}) });

const audits = async (action: string) =>
  (await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log where action = ${action}`))[0]
    ?.n ?? 0;

async function newOrganization(name: string): Promise<number> {
  const res = await call('admin', 'POST', '/api/organizations', { name });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

async function newLocation(organizationId: number, name: string): Promise<number> {
  const res = await call('admin', 'POST', `/api/organizations/${organizationId}/locations`, {
    name,
    address_line_1: '1 Main St',
    address_line_2: '',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    phone: '',
    timezone: 'America/Chicago',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

describe('removing locations and organizations', () => {
  it('refuses, naming what still uses it, and changes nothing', async () => {
    // FreshMart #101 has controllers installed; FreshMart has members, controllers and locations.
    const location = await call('admin', 'DELETE', '/api/locations/2');
    expect(location.statusCode).toBe(409);
    expect(location.json().error.code).toBe('in_use');
    expect(location.json().error.message).toMatch(/controladores están instalados en esta ubicación/);
    const org = await call('admin', 'DELETE', '/api/organizations/2');
    expect(org.statusCode).toBe(409);
    expect(org.json().error.message).toMatch(/usuarios pertenecen a esta organización/);
    expect(org.json().error.message).toMatch(/ubicaciones/);
    expect((await call('admin', 'GET', '/api/locations/2')).statusCode).toBe(200);
    // One's own organization is never removed.
    const own = await call('admin', 'DELETE', '/api/organizations/1');
    expect(own.json().error.message).toMatch(/Esta es tu propia organización/);
  });

  it('deletes an unused location outright; an organization keeps its audit trail, so it is archived', async () => {
    const org = await newOrganization('Short-lived Grocers');
    const location = await newLocation(org, 'Pop-up store');
    expect((await call('admin', 'DELETE', `/api/locations/${location}`)).statusCode).toBe(204);
    const [gone] = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from locations where id = ${location}`,
    );
    expect(gone?.n).toBe(0);
    expect((await call('admin', 'DELETE', `/api/organizations/${org}`)).statusCode).toBe(204);
    const [kept] = await query<{ archived: boolean }>(
      t.database.db,
      sql`select archived_at is not null as archived from organizations where id = ${org}`,
    );
    expect(kept?.archived).toBe(true);
    expect(await audits('location.delete')).toBe(1);
    expect(await audits('organization.archive')).toBe(1);
  });

  it('archives a location and an organization with history: gone from lists and pickers, history readable', async () => {
    const org = await newOrganization('Closing Foods');
    const location = await newLocation(org, 'Closing Foods #1');
    const [type] = await query<{ id: number }>(
      t.database.db,
      sql`select id from alarm_types where code = 'CASE_HIGH_TEMP'`,
    );
    const [alarm] = await query<{ ref: number }>(
      t.database.db,
      sql`insert into alarms (alarm_type_id, controller_id, organization_id, location_id, subject, reason, severity,
            status, raised_at, last_occurrence_at, cleared_at)
          values (${type?.id}, 1, ${org}, ${location}, 'A.CASE1', 'Case hot', 'high', 'cleared', now(), now(), now())
          returning ref`,
    );
    expect((await call('admin', 'DELETE', `/api/locations/${location}`)).statusCode).toBe(204);
    expect((await call('admin', 'DELETE', `/api/organizations/${org}`)).statusCode).toBe(204);
    expect(await audits('location.archive')).toBe(1);
    expect(await audits('organization.archive')).toBe(2);

    const orgs = (await call('admin', 'GET', '/api/organizations?per_page=100')).json().data;
    expect(orgs.map((o: { id: number }) => o.id)).not.toContain(org);
    const locations = (await call('admin', 'GET', '/api/locations?per_page=100')).json().data;
    expect(locations.map((l: { id: number }) => l.id)).not.toContain(location);
    expect((await call('admin', 'GET', `/api/organizations/${org}/view`)).statusCode).toBe(404);
    const detail = await call('admin', 'GET', `/api/alarms/${alarm?.ref}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.location).toMatchObject({ name: 'Closing Foods #1', archived: true });
  });

  it('another organization’s manager can remove neither', async () => {
    expect((await call('manager', 'DELETE', '/api/locations/10')).statusCode).toBe(404);
    expect((await call('manager', 'DELETE', '/api/organizations/4')).statusCode).toBe(404);
  });
});

describe('removing teams and roles', () => {
  it('refuses a team people are in and a role people hold; deletes unused ones', async () => {
    const teams = (await call('admin', 'GET', '/api/settings/teams?per_page=100')).json().data;
    const desk = teams.find((tm: { name: string }) => tm.name === 'Service Desk');
    const team = await call('admin', 'DELETE', `/api/settings/teams/${desk.id}`);
    expect(team.statusCode).toBe(409);
    expect(team.json().error.message).toMatch(/en este equipo/);

    const roles = (await call('admin', 'GET', '/api/settings/roles?per_page=100')).json().data;
    const viewer = roles.find((r: { name: string }) => r.name === 'Store Viewer');
    const role = await call('admin', 'DELETE', `/api/settings/roles/${viewer.id}`);
    expect(role.statusCode).toBe(409);
    expect(role.json().error.message).toMatch(/tiene este rol/);

    const newTeam = (
      await call('admin', 'POST', '/api/settings/teams', { name: 'Temp crew', organization_id: 1 })
    ).json().data;
    expect((await call('admin', 'DELETE', `/api/settings/teams/${newTeam.id}`)).statusCode).toBe(204);
    const newRole = (
      await call('admin', 'POST', '/api/settings/roles', { name: 'Temp role', color: '#123456', permissions: [] })
    ).json().data;
    expect((await call('admin', 'DELETE', `/api/settings/roles/${newRole.id}`)).statusCode).toBe(204);
    expect((await call('manager', 'DELETE', `/api/settings/roles/${viewer.id}`)).statusCode).toBe(403);
    expect(await audits('team.delete')).toBe(1);
    expect(await audits('role.delete')).toBe(1);
  });
});
