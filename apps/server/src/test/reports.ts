import { eq } from 'drizzle-orm';
import { controllers } from '../db/schema.ts';
import { addUser, demoMac } from './alarms.ts';
import { createTestApp, login, type TestApp } from './app.ts';
import { headers } from './helpers.ts';

export const at = (iso: string) => new Date(iso);
export const MARCH = 'from=2020-03-01&to=2020-03-31';

export type ReportDevice = { id: number; org: number; loc: number };

/**
 * What every report test starts from: the demo app at 2026-06-01 12:00 UTC, a Northwind manager next
 * to the demo users, their tokens, FreshMart #101's and Northwind Oak Lawn's controllers, and a GET
 * in a chosen language. Each report's test file adds its own rows.
 */
export async function openReportsApp(env: Record<string, string> = {}) {
  const t: TestApp = await createTestApp(env);
  t.clock.now = at('2026-06-01T12:00:00Z');
  const db = t.database.db;
  await addUser(db, {
    from: 'manager@example.com',
    email: 'nw-manager@example.com',
    organizationName: 'Northwind Grocers',
  });
  const [manager, technician, viewer, northwind] = await Promise.all([
    login(t.app, 'manager@example.com'),
    login(t.app, 'technician@example.com'),
    login(t.app, 'viewer@example.com'),
    login(t.app, 'nw-manager@example.com'),
  ]);
  const device = async (i: number): Promise<ReportDevice> => {
    const [c] = await db
      .select()
      .from(controllers)
      .where(eq(controllers.macAddress, demoMac(i)));
    if (!c?.organizationId || !c.locationId) throw new Error('no controller');
    return { id: c.id, org: c.organizationId, loc: c.locationId };
  };
  return {
    t,
    db,
    manager,
    technician,
    viewer,
    northwind,
    fresh: await device(0), // FreshMart #101
    north: await device(8), // Northwind Oak Lawn
    get: (url: string, token: string, locale?: string) =>
      t.app.inject({ method: 'GET', url, headers: headers(token, locale) }),
  };
}

export type ReportsApp = Awaited<ReturnType<typeof openReportsApp>>;
