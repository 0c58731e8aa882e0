import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { addUser } from './alarms.ts';
import { createTestApp, login, type TestApp } from './app.ts';
import { headers } from './helpers.ts';

/** Controller 1 is FreshMart's, at a store the demo viewer sees; racks A–D are added to it. */
export const base = '/api/controllers/1/racks';

/**
 * The API on the demo seed with a member of another organization who may update controllers (of
 * their own organization), signed in as every caller the refrigerant tests use.
 */
export async function refrigerantFixture() {
  const t: TestApp = await createTestApp();
  t.clock.now = new Date('2026-11-25T12:00:00Z');
  await addUser(t.database.db, {
    from: 'technician@example.com',
    email: 'outsider@example.com',
    organizationName: 'Valle Verde Supermercados',
    permissions: ['controllers_view', 'controllers_update', 'reports_view'],
  });
  const tokens: Record<string, string> = {};
  for (const who of ['admin', 'manager', 'technician', 'viewer', 'outsider']) {
    tokens[who] = await login(t.app, `${who}@example.com`);
  }
  await t.database.db.execute(sql`insert into racks (controller_id, ref, name, metrics, updated_at)
    values (1, 'A', 'Rack A', '{}'::jsonb, now()), (1, 'B', 'Rack B', '{}'::jsonb, now()),
           (1, 'C', 'Rack C', '{}'::jsonb, now()), (1, 'D', 'Rack D', '{}'::jsonb, now())`);
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: string, payload?: object, locale?: string) =>
    t.app.inject({ method, url, headers: headers(tokens[who], locale), ...(payload ? { payload } : {}) });
  /** Appends a log entry as the technician (or `who`) and expects it accepted. */
  async function log(ref: string, body: object, who = 'technician') {
    const res = await call('POST', `${base}/${ref}/refrigerant-events`, who, {
      technician: 'Ana Ruiz',
      certification_number: 'EPA-608-123',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as {
      data: {
        id: number;
        leak_rate_percent: number | null;
        leak_rate_days: number | null;
        repair_due_by: string | null;
      };
      system: { status: { state: string; repair_due_by: string | null } };
    };
  }
  return { t, call, log };
}

/** A system body, R-404A 1000 lb commercial without leak detection unless overridden. */
export const system = (over: object = {}) => ({
  refrigerant: 'R-404A',
  full_charge: { value: 1000, unit: 'lb' },
  appliance_type: 'commercial_refrigeration',
  leak_detection_system: false,
  ...over,
});
