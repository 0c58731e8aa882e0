import type { AlarmSummary } from '@rcm/shared/alarms';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, userLocations, users } from '../../../db/schema.ts';
import { sessions } from '../../../db/schema-auth.ts';
import { addOutsider, addUser, type SeededAlarm, seedAlarms } from '../../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../../test/app.ts';
import { headers } from '../../../test/helpers.ts';

/**
 * The list and the tiles resolve the caller's session in the same statement as their read, guessing
 * the read from the token's previous call (AuthService.authenticateWith). These tests change what a
 * token may see BETWEEN two calls of that token, so the second call's guess is stale: the answer must
 * follow the database as it is now, never the guess.
 */
let t: TestApp;
/** Demo controllers 0, 1 and 2 sit at FreshMart #101, #102 and #103; 5 at Valle Verde. */
let seeded: SeededAlarm[];

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: headers(token) });
const refs = async (token: string) =>
  ((await get('/api/alarms?per_page=100&sort=ref', token)).json().data as AlarmSummary[]).map((a) => a.ref);
const refsAt = (...controllers: number[]) =>
  seeded.filter((a) => controllers.some((c) => a.controllerId === byIndex.get(c))).map((a) => a.ref);
const tiles = async (token: string) => (await get('/api/alarms/stats', token)).json().data.active as number;
const byIndex = new Map<number, number>();

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedAlarms(
    t.database.db,
    [0, 1, 2, 5].map((controller) => ({ controller })),
  );
  [0, 1, 2, 5].forEach((c, i) => {
    byIndex.set(c, seeded[i]?.controllerId ?? 0);
  });
});
afterAll(() => t?.close());

async function userId(email: string): Promise<number> {
  const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!u) throw new Error(`no user ${email}`);
  return u.id;
}

describe('the list and tiles when what a token may see changes between its calls', () => {
  it('follow the member locations as they are now', async () => {
    const viewer = await addUser(t.database.db, { from: 'viewer@example.com', email: 'narrowed@example.com' });
    const token = await login(t.app, viewer.email);
    expect(await refs(token)).toEqual(refsAt(0, 1, 2));
    expect(await tiles(token)).toBe(3);

    // Only FreshMart #101 from now on.
    await t.database.db.update(users).set({ allLocations: false }).where(eq(users.id, viewer.id));
    await t.database.db.insert(userLocations).values({ userId: viewer.id, locationId: seeded[0]?.locationId ?? 0 });
    expect(await refs(token)).toEqual(refsAt(0));
    expect(await tiles(token)).toBe(1);
    // And again (now the guess is right), then back to every location.
    expect(await refs(token)).toEqual(refsAt(0));
    await t.database.db.update(users).set({ allLocations: true }).where(eq(users.id, viewer.id));
    expect(await tiles(token)).toBe(3);
    expect(await refs(token)).toEqual(refsAt(0, 1, 2));
  });

  it('follow the role: every organization, then no alarms_view at all', async () => {
    const user = await addUser(t.database.db, {
      from: 'viewer@example.com',
      email: 'promoted@example.com',
      permissions: ['alarms_view'],
    });
    const token = await login(t.app, user.email);
    expect(await refs(token)).toEqual(refsAt(0, 1, 2));
    await t.database.db
      .update(roles)
      .set({ permissions: ['alarms_view', 'organization_view_all'] })
      .where(eq(roles.id, user.roleId));
    expect(await refs(token)).toEqual(refsAt(0, 1, 2, 5));
    expect(await tiles(token)).toBe(4);
    await t.database.db
      .update(roles)
      .set({ permissions: ['search_view'] })
      .where(eq(roles.id, user.roleId));
    for (const url of ['/api/alarms', '/api/alarms/stats']) {
      const res = await get(url, token);
      expect([res.statusCode, res.json().error.code]).toEqual([403, 'forbidden']);
    }
  });

  it('stop at once for a disabled user and a revoked session', async () => {
    const disabled = await addUser(t.database.db, { from: 'viewer@example.com', email: 'disabled@example.com' });
    const token = await login(t.app, disabled.email);
    const other = await login(t.app, 'viewer@example.com');
    expect(await refs(token)).toEqual(refsAt(0, 1, 2));
    expect(await refs(other)).toEqual(refsAt(0, 1));

    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, disabled.id));
    await t.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, await userId('viewer@example.com')));
    for (const tk of [token, other]) {
      for (const url of ['/api/alarms', '/api/alarms/stats']) {
        const res = await get(url, tk);
        expect([res.statusCode, res.json().error.code]).toEqual([401, 'unauthenticated']);
        expect(res.body).not.toContain('"ref"');
      }
    }
  });

  it('stop with the administrator session of an impersonation', async () => {
    const admin = await login(t.app, 'admin@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: headers(admin),
      payload: { user_id: await userId('manager@example.com') },
    });
    const token = String(res.headers.authorization).replace(/^Bearer /, '');
    expect(await refs(token)).toEqual(refsAt(0, 1, 2));
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: headers(admin) });
    expect((await get('/api/alarms', token)).statusCode).toBe(401);
    expect((await get('/api/alarms/stats', token)).statusCode).toBe(401);
  });

  it('answer each token its own organization, calls interleaved', async () => {
    await addOutsider(t.database.db, 'valle@example.com');
    const fresh = await login(t.app, 'manager@example.com');
    const valle = await login(t.app, 'valle@example.com');
    for (let i = 0; i < 3; i++) {
      expect(await refs(fresh)).toEqual(refsAt(0, 1, 2));
      expect(await refs(valle)).toEqual(refsAt(5));
      expect(await tiles(fresh)).toBe(3);
      expect(await tiles(valle)).toBe(1);
    }
  });
});

describe('the list and tiles without a live session', () => {
  it('answer 401 in the request language, as the routes authenticated before their handler do', async () => {
    for (const token of [null, 'no-such-token']) {
      const reference = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: headers(token, 'es-MX') });
      expect(reference.statusCode).toBe(401);
      for (const url of ['/api/alarms', '/api/alarms/stats']) {
        const res = await t.app.inject({ method: 'GET', url, headers: headers(token, 'es-MX') });
        expect([url, res.statusCode, res.json()]).toEqual([url, 401, reference.json()]);
      }
    }
  });
});
