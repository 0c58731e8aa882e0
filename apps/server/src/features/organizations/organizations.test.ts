import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../test/app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'viewer', 'technician'])
    tokens[who] = await login(t.app, `${who}@example.com`);
});
afterAll(async () => {
  await t?.close();
});

const get = (who: string, url: string) => t.app.inject({ url, headers: { authorization: `Bearer ${tokens[who]}` } });

describe('organization and location pickers', () => {
  it('lists every organization for view-all users and only their own for others', async () => {
    expect((await get('admin', '/api/organizations')).json().data).toHaveLength(4);
    expect((await get('manager', '/api/organizations')).json().data.map((o: { name: string }) => o.name)).toEqual([
      'FreshMart Foods',
    ]);
  });

  it('limits locations to the caller’s scope and hides other organizations', async () => {
    expect((await get('admin', '/api/organizations/2/locations')).json().data).toHaveLength(5);
    expect((await get('manager', '/api/organizations/2/locations')).json().data).toHaveLength(5);
    expect((await get('viewer', '/api/organizations/2/locations')).json().data).toHaveLength(2);
    expect((await get('manager', '/api/organizations/3/locations')).statusCode).toBe(404);
    expect((await get('admin', '/api/organizations/999/locations')).statusCode).toBe(404);
  });
});

describe('GET /api/controllers/:id', () => {
  it('shows a controller to those whose scope holds it, and 404 to everyone else', async () => {
    // Controller 1 sits in FreshMart #101 (the viewer's), controller 3 in FreshMart #103, 6 in Valle Verde.
    const own = await get('viewer', '/api/controllers/1');
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ id: 1, mac_address: '02:52:43:00:10:00', authorised: true });
    expect(own.json().data.organisation.name).toBe('FreshMart Foods');
    expect((await get('viewer', '/api/controllers/3')).statusCode).toBe(404);
    expect((await get('manager', '/api/controllers/3')).statusCode).toBe(200);
    expect((await get('manager', '/api/controllers/6')).statusCode).toBe(404);
    expect((await get('technician', '/api/controllers/6')).statusCode).toBe(200);
  });

  it('shows a pending controller only to those who may authorize it', async () => {
    const pending = (await get('admin', '/api/controllers/unauthorised')).json().data[0].id as number;
    expect((await get('technician', `/api/controllers/${pending}`)).statusCode).toBe(200);
    expect((await get('manager', `/api/controllers/${pending}`)).statusCode).toBe(404);
  });
});
