import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { locations } from '../db/schema.ts';
import { rackPoints, readingsHourly } from '../db/schema-readings.ts';
import { addOutsider, seedAlarms } from './alarms.ts';
import { login } from './app.ts';
import { callApi } from './helpers.ts';
import { at, openReportsApp, type ReportsApp } from './reports.ts';

export let r: ReportsApp;
export let outsider: string;
export let locationId: number;
export const range = 'from=2026-05-20&to=2026-05-20';
export const api = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  token: string,
  url: string,
  body?: unknown,
  locale?: string,
) => callApi(r.t.app, method, token, url, body, locale);
/** A sign-off's meaning and a fresh proof for it (`POST /api/auth/reauth` with the password, for a signature). */
export const signing = async (token: string) => {
  const proof = await api('POST', token, 'auth/reauth', { password: 'demo1234', purpose: 'signature' });
  expect(proof.status).toBe(200);
  return { meaning: 'reviewed', reauth_token: (proof.body.data as unknown as { reauth_token: string }).reauth_token };
};

/**
 * The reports app with the HACCP log's excursions, corrective actions and sign-offs to read. FreshMart #101
 * keeps Chicago time: on 2026-05-20 that is UTC-5, so 23:00 UTC is 6:00 PM there, still the 20th.
 * Registers the file's hooks.
 */
export function useHaccpApp() {
  beforeAll(async () => {
    r = await openReportsApp();
    const { db, fresh } = r;
    locationId = fresh.loc;
    await db.update(locations).set({ timezone: 'America/Chicago' }).where(eq(locations.id, fresh.loc));
    await db.insert(rackPoints).values({
      controllerId: fresh.id,
      addr: 'A.CASE1',
      rackRef: 'A',
      name: 'Case 1 Temperature',
      unit: '°F',
      status: 'ok',
      value: 38,
      updatedAt: r.t.clock.now,
    });
    // Local 2026-05-20: 38 °F every hour but two runs above 41 °F: 05:00 (one hour) and 18:00–19:59 (two).
    const rows: (typeof readingsHourly.$inferInsert)[] = [];
    for (let h = 0; h < 24; h += 1) {
      const bucket = new Date(Date.parse('2026-05-20T05:00:00Z') + h * 3_600_000);
      const max = h === 0 ? 43 : h === 18 ? 45.5 : h === 19 ? 44 : 38;
      rows.push({ controllerId: fresh.id, key: 'A.CASE1', bucket, min: max - 1, max, sum: max * 4, count: 4 });
    }
    await db.insert(readingsHourly).values(rows);
    // The case's alarm during the evening run, its notes written by the technician at 23:30 UTC.
    const [alarm] = await seedAlarms(db, [{ controller: 0, subject: 'A.CASE1', raisedAt: at('2026-05-20T23:10:00Z') }]);
    r.t.clock.now = at('2026-05-20T23:30:00Z');
    const noted = await callApi(r.t.app, 'PUT', r.technician, `alarms/${alarm?.ref}/notes`, {
      notes: '<p>Moved the product to the walk-in &amp; called service</p>',
    });
    expect(noted.status).toBe(200);
    // The audit entry is stamped by the database's clock: moved to when the test's clock says it was written.
    await db.execute(sql`update audit_log set created_at = '2026-05-20T23:30:00Z' where action = 'alarm.notes'`);
    r.t.clock.now = at('2026-06-01T12:00:00Z');
    await addOutsider(db, 'outsider-haccp@example.com');
    outsider = await login(r.t.app, 'outsider-haccp@example.com');
  });
  afterAll(async () => {
    await r?.t.close();
  });
}
