import type { AlarmSummary } from '@rcm/shared/alarms';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../../lib/sql.ts';
import { addOutsider, addUser, type SeededAlarm, seedAlarms } from '../../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../../test/app.ts';
import { headers } from '../../../test/helpers.ts';

/**
 * Who sees which alarm, as one table: the sites (demo controller index → store) and, per user, the
 * sites they see and whether they may acknowledge/clear. Every endpoint is checked against it.
 */
const SITES = { fm101: 0, fm102: 1, fm103: 2, valleVerde: 5, northwind: 8 } as const;
type Site = keyof typeof SITES;
const ALL_SITES = Object.keys(SITES) as Site[];

const USERS = {
  admin: { email: 'admin@example.com', sees: ALL_SITES, acts: true },
  technician: { email: 'technician@example.com', sees: ALL_SITES, acts: true },
  manager: { email: 'manager@example.com', sees: ['fm101', 'fm102', 'fm103'], acts: true },
  viewer: { email: 'viewer@example.com', sees: ['fm101', 'fm102'], acts: false },
  outsider: { email: 'outsider@example.com', sees: ['valleVerde'], acts: true },
} satisfies Record<string, { email: string; sees: Site[]; acts: boolean }>;
type Who = keyof typeof USERS;
const WHO = Object.keys(USERS) as Who[];

let t: TestApp;
const tokens = {} as Record<Who | 'noAlarms', string>;
/** Per site: one active, one acknowledged and one cleared alarm. */
let seeded: (SeededAlarm & { site: Site })[];

beforeAll(async () => {
  t = await createTestApp();
  await addOutsider(t.database.db, 'outsider@example.com');
  await addUser(t.database.db, {
    from: 'viewer@example.com',
    email: 'no-alarms@example.com',
    permissions: ['search_view'],
  });
  for (const who of WHO) tokens[who] = await login(t.app, USERS[who].email);
  tokens.noAlarms = await login(t.app, 'no-alarms@example.com');
  const seeds = ALL_SITES.flatMap((site) =>
    (['active', 'acknowledged', 'cleared'] as const).map((status) => ({ site, controller: SITES[site], status })),
  );
  const rows = await seedAlarms(t.database.db, seeds);
  seeded = rows.map((r, i) => ({ ...r, site: seeds[i]?.site ?? 'fm101' }));
});
afterAll(() => t?.close());

const visible = (who: Who) => seeded.filter((a) => (USERS[who].sees as Site[]).includes(a.site));
const request = (method: 'GET' | 'POST' | 'PUT', url: string, who: Who | 'noAlarms' | null, payload?: object) =>
  t.app.inject({ method, url, headers: headers(who ? tokens[who] : null), ...(payload ? { payload } : {}) });
const NOT_FOUND = { error: { code: 'not_found', message: 'The requested resource was not found.' } };

describe('reads, per user', () => {
  it.each(WHO)('the list shows %s exactly the alarms of their sites', async (who) => {
    const res = await request('GET', '/api/alarms?per_page=100&sort=ref', who);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((a: AlarmSummary) => a.ref)).toEqual(visible(who).map((a) => a.ref));
    expect(res.json().meta.total).toBe(visible(who).length);
  });

  it.each(WHO)('the tiles count for %s exactly the alarms of their sites', async (who) => {
    const n = USERS[who].sees.length;
    const warranty = visible(who).filter((a) => a.status === 'active' && a.warranty).length;
    const expected = { active: n, acknowledged: n, cleared: n, warranty_active: warranty, suppressed: 0, shelved: 0 };
    expect((await request('GET', '/api/alarms/stats', who)).json().data).toEqual(expected);
    // The exact-count path agrees with the counters.
    expect((await request('GET', '/api/alarms/stats?severity=critical,high,medium,low', who)).json().data).toEqual(
      expected,
    );
  });

  it('no user sees another organization through its filter', async () => {
    const vv = seeded.find((a) => a.site === 'valleVerde');
    const res = await request('GET', `/api/alarms?organization_id=${vv?.organizationId}`, 'manager');
    expect(res.json()).toEqual({ data: [], meta: { page: 1, per_page: 25, total: 0, last_page: 1 } });
    const stats = await request('GET', `/api/alarms/stats?organization_id=${vv?.organizationId}`, 'manager');
    expect(stats.json().data).toEqual({
      active: 0,
      acknowledged: 0,
      cleared: 0,
      warranty_active: 0,
      suppressed: 0,
      shelved: 0,
    });
  });

  it.each(WHO)('the alarm view and its chart exist for %s only on their sites', async (who) => {
    for (const alarm of seeded) {
      const sees = (USERS[who].sees as Site[]).includes(alarm.site);
      const detail = await request('GET', `/api/alarms/${alarm.ref}`, who);
      const chart = await request(
        'GET',
        `/api/alarms/${alarm.ref}/metrics?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z`,
        who,
      );
      expect([alarm.site, detail.statusCode, chart.statusCode]).toEqual([
        alarm.site,
        sees ? 200 : 404,
        sees ? 200 : 404,
      ]);
      if (sees) expect(detail.json().data).toMatchObject({ ref: alarm.ref, status: alarm.status });
      else expect([detail.json(), chart.json()]).toEqual([NOT_FOUND, NOT_FOUND]);
    }
  });
});

describe('actions, per user and site', () => {
  const cases = WHO.flatMap((who) => ALL_SITES.map((site) => [who, site] as const));

  /** The expected answer: 403 without the permission, 404 outside the scope, else 200. */
  const expectedStatus = (who: Who, site: Site) =>
    !USERS[who].acts ? 403 : (USERS[who].sees as Site[]).includes(site) ? 200 : 404;

  async function fresh(site: Site) {
    const [alarm] = await seedAlarms(t.database.db, [{ controller: SITES[site], notes: '<p>original</p>' }]);
    if (!alarm) throw new Error('nothing seeded');
    return alarm;
  }
  const row = async (id: number) =>
    (
      await query<{ status: string; notes: string }>(
        t.database.db,
        sql`select status, notes from alarms where id = ${id}`,
      )
    )[0];

  it.each(cases)('acknowledge and clear: %s on %s', async (who, site) => {
    const expected = expectedStatus(who, site);
    for (const action of ['acknowledge', 'clear'] as const) {
      const alarm = await fresh(site);
      const res = await request('POST', `/api/alarms/${alarm.ref}/${action}`, who);
      expect(res.statusCode).toBe(expected);
      const status = action === 'acknowledge' ? 'acknowledged' : 'cleared';
      expect((await row(alarm.id))?.status).toBe(expected === 200 ? status : 'active');
      if (expected === 404) expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it.each(cases)('notes: %s on %s', async (who, site) => {
    const expected = expectedStatus(who, site);
    const alarm = await fresh(site);
    const res = await request('PUT', `/api/alarms/${alarm.ref}/notes`, who, { notes: '<p>changed</p>' });
    expect(res.statusCode).toBe(expected);
    expect((await row(alarm.id))?.notes).toBe(expected === 200 ? '<p>changed</p>' : '<p>original</p>');
  });
});

describe('without a session or alarms_view', () => {
  const ref = () => String(seeded[0]?.ref);
  const ENDPOINTS: ['GET' | 'POST' | 'PUT', () => string, object?][] = [
    ['GET', () => '/api/alarms'],
    ['GET', () => '/api/alarms/stats'],
    ['GET', () => '/api/alarm-types'],
    ['GET', () => `/api/alarms/${ref()}`],
    ['POST', () => `/api/alarms/${ref()}/acknowledge`],
    ['POST', () => `/api/alarms/${ref()}/clear`],
    ['PUT', () => `/api/alarms/${ref()}/notes`, { notes: 'x' }],
    ['GET', () => `/api/alarms/${ref()}/metrics?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z`],
    ['POST', () => '/api/alarms/bulk', { action: 'clear', filter: {} }],
  ];

  it.each(ENDPOINTS)('%s %s needs a session, then alarms_view', async (method, url, payload) => {
    const anonymous = await request(method, url(), null, payload);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');
    const denied = await request(method, url(), 'noAlarms', payload);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('forbidden');
    expect(denied.body).not.toContain(String(seeded[0]?.controllerId));
  });
});

describe('GET /api/alarm-types', () => {
  it('lists the catalogue for the filter, by name', async () => {
    const res = await request('GET', '/api/alarm-types', 'viewer');
    expect(res.statusCode).toBe(200);
    const types = res.json().data;
    expect(types).toHaveLength(15);
    expect(types.map((x: { code: string }) => x.code)).toEqual(
      expect.arrayContaining(['DEFROST_OVERRUN', 'COMPRESSOR_SHORT_CYCLING']),
    );
    expect(types.map((x: { name: string }) => x.name)).toEqual(types.map((x: { name: string }) => x.name).sort());
    expect(types).toContainEqual({
      id: expect.any(Number),
      code: 'LOW_OIL_PRESSURE',
      name: 'Low oil pressure',
      name_es: 'Presión de aceite baja',
      severity: 'critical',
    });
  });
});
