import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controllers } from '../../db/schema.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const list = (token?: string, locale?: string) =>
  t.app.inject({ method: 'GET', url: '/api/controllers/unauthorised', headers: headers(token, locale) });

/** The demo seed's four controllers pending authorization, oldest first. */
const PENDING = [
  { mac_address: '02:52:43:00:90:00', name: null, kind: 'controller', children: null },
  { mac_address: '02:52:43:00:90:01', name: 'New rack controller 1', kind: 'controller', children: null },
  { mac_address: '02:52:43:00:90:02', name: null, kind: 'controller', children: null },
  { mac_address: '02:52:43:00:90:03', name: 'New rack controller 3', kind: 'controller', children: null },
];

async function idOf(mac: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: controllers.id })
    .from(controllers)
    .where(eq(controllers.macAddress, mac));
  if (!row) throw new Error(`no controller ${mac}`);
  return row.id;
}

describe('GET /api/controllers/unauthorised', () => {
  it.each(['technician@example.com', 'admin@example.com'])(
    'lists exactly the pending controllers for %s',
    async (email) => {
      const res = await list(await login(t.app, email));
      expect(res.statusCode).toBe(200);
      const expected = await Promise.all(PENDING.map(async (c) => ({ id: await idOf(c.mac_address), ...c })));
      expect(res.json()).toEqual({ data: expected });
      for (const row of res.json().data)
        expect(Object.keys(row).sort()).toEqual(['children', 'id', 'kind', 'mac_address', 'name']);
    },
  );

  it.each(['manager@example.com', 'viewer@example.com'])('is forbidden for %s', async (email) => {
    const token = await login(t.app, email);
    const res = await list(token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'forbidden', message: 'You do not have permission to do this.' });
    expect((await list(token, 'es-MX')).json().error.message).toBe('No tienes permiso para hacer esto.');
  });

  it('needs a session', async () => {
    const res = await list();
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
    expect(res.body).not.toContain('02:52:43');
  });

  it('drops a controller from the list once it is authorized', async () => {
    const first = PENDING[0]?.mac_address ?? '';
    await t.database.db.update(controllers).set({ authorised: true }).where(eq(controllers.macAddress, first));
    const res = await list(await login(t.app, 'technician@example.com'));
    expect(res.json().data.map((c: { mac_address: string }) => c.mac_address)).toEqual(
      PENDING.slice(1).map((c) => c.mac_address),
    );
  });
});
