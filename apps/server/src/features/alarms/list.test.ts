import { ALARM_SORTS, ALARM_STATUSES, type AlarmSummary } from '@rcm/shared/alarms';
import { ALARM_SEVERITIES } from '@rcm/shared/device';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { type SeededAlarm, seedAlarms } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';
import { alarmSummariesByIds } from './summaries.ts';

let t: TestApp;
let token: string;
let seeded: SeededAlarm[];
/** `seeded` and 12 open alarms the default list leaves out: 6 raised in a maintenance window, 6 shelved. */
let all: SeededAlarm[];

// Controllers over all three customers; 4 and 13 are offline, 0, 3 and 12 under warranty.
const CONTROLLERS = [0, 1, 2, 3, 4, 5, 8, 12, 13, 19];
const TYPES = ['LOW_SUPERHEAT', 'LOW_OIL_PRESSURE', 'CASE_HIGH_TEMP', 'SENSOR_FAILURE', 'CONTROLLER_OFFLINE'];
const base = Date.parse('2026-10-01T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'technician@example.com');
  // 84 alarms whose controller, status, severity, type and times vary independently.
  seeded = await seedAlarms(
    t.database.db,
    Array.from({ length: 84 }, (_, k) => {
      const status = ALARM_STATUSES[k % 3] ?? 'active';
      return {
        controller: CONTROLLERS[k % CONTROLLERS.length] ?? 0,
        status,
        severity: ALARM_SEVERITIES[Math.floor(k / 3) % 4],
        type: TYPES[k % TYPES.length],
        raisedAt: new Date(base - k * 37 * 60_000 - (k % 7) * 86_400_000),
        acknowledgedAt: status === 'acknowledged' ? new Date(base + ((k * 13) % 50) * 60_000) : undefined,
      };
    }),
  );
  const managed = await seedAlarms(
    t.database.db,
    Array.from({ length: 12 }, (_, k) => ({
      controller: CONTROLLERS[(k * 3) % CONTROLLERS.length] ?? 0,
      status: k % 4 === 3 ? ('acknowledged' as const) : ('active' as const),
      severity: ALARM_SEVERITIES[k % 4],
      type: TYPES[k % TYPES.length],
      raisedAt: new Date(base - k * 53 * 60_000),
      suppressed: k % 2 === 0,
      shelvedUntil: k % 2 === 1 ? new Date(base + 3_600_000) : null,
    })),
  );
  all = [...seeded, ...managed];
});
afterAll(() => t?.close());

const get = (url: string, locale?: string) => t.app.inject({ method: 'GET', url, headers: headers(token, locale) });
const refsOf = (res: { json: () => { data: AlarmSummary[] } }) => res.json().data.map((a) => a.ref);
const byRef = (a: SeededAlarm[]) => a.map((s) => s.ref).sort((x, y) => x - y);

function countOf(list: SeededAlarm[]) {
  const n = (status: string) => list.filter((a) => a.listStatus === status).length;
  return {
    active: n('active'),
    acknowledged: n('acknowledged'),
    cleared: n('cleared'),
    warranty_active: list.filter((a) => a.listStatus === 'active' && a.warranty).length,
    suppressed: n('suppressed'),
    shelved: n('shelved'),
  };
}

/** The alarms a query's list holds: every seeded one a Status filter names, else the default list's. */
const candidates = (query: string) => (query.includes('status=') ? all : seeded);

/** Each filter as a query string and the seeded alarms it must match, decided here, not in SQL. */
const FILTERS: [string, () => string, (a: SeededAlarm) => boolean][] = [
  ['status', () => 'status=active', (a) => a.listStatus === 'active'],
  [
    'two statuses',
    () => 'status=acknowledged,cleared',
    (a) => a.listStatus === 'acknowledged' || a.listStatus === 'cleared',
  ],
  ['suppressed', () => 'status=suppressed', (a) => a.listStatus === 'suppressed'],
  ['shelved', () => 'status=shelved,active', (a) => a.listStatus === 'shelved' || a.listStatus === 'active'],
  ['severity', () => 'severity=critical', (a) => a.severity === 'critical'],
  ['two severities', () => 'severity=high,low', (a) => a.severity === 'high' || a.severity === 'low'],
  [
    'type',
    () => 'type=LOW_OIL_PRESSURE,CASE_HIGH_TEMP',
    (a) => ['LOW_OIL_PRESSURE', 'CASE_HIGH_TEMP'].includes(a.type),
  ],
  ['warranty', () => 'warranty=true', (a) => a.warranty],
  ['no warranty', () => 'warranty=false', (a) => !a.warranty],
  ['offline', () => 'offline=true', (a) => a.controller % 9 === 4],
  ['online', () => 'offline=false', (a) => a.controller % 9 !== 4],
  ['controller', () => `controller_id=${idOf(2)}`, (a) => a.controller === 2],
  [
    'organization',
    () => `organization_id=${seededAt(5).organizationId}`,
    (a) => a.controller % 12 >= 5 && a.controller % 12 <= 7,
  ],
  ['location', () => `location_id=${seededAt(1).locationId}`, (a) => a.controller % 12 === 1],
  [
    'combined',
    () => 'status=active&severity=high,medium&warranty=false',
    (a) => a.listStatus === 'active' && (a.severity === 'high' || a.severity === 'medium') && !a.warranty,
  ],
];

function seededAt(controller: number): SeededAlarm {
  const a = seeded.find((s) => s.controller === controller);
  if (!a) throw new Error(`nothing seeded on controller ${controller}`);
  return a;
}
const idOf = (controller: number) => seededAt(controller).controllerId;

describe('GET /api/alarms filters', () => {
  it.each(FILTERS)('filters by %s', async (_label, query, match) => {
    const expected = candidates(query()).filter(match);
    // A filter that kept everything or nothing would prove nothing.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(seeded.length);
    const res = await get(`/api/alarms?${query()}&per_page=100&sort=ref`);
    expect(res.statusCode).toBe(200);
    expect(refsOf(res)).toEqual(byRef(expected));
    expect(res.json().meta).toEqual({ page: 1, per_page: 100, total: expected.length, last_page: 1 });
  });

  it('returns summaries with controller and type', async () => {
    const first = seeded[0];
    const res = await get(`/api/alarms?controller_id=${first?.controllerId}&sort=ref&per_page=1`);
    expect(res.json().data[0]).toMatchObject({
      ref: first?.ref,
      status: first?.status,
      severity: first?.severity,
      raised_at: first?.raisedAt.toISOString(),
      controller: { id: first?.controllerId, mac_address: '02:52:43:00:10:00', name: 'Rack A Controller' },
      alarm_type: { code: first?.type },
    });
  });

  it('sends every alarm exactly as toSummary makes it (the page JSON is built in SQL)', async () => {
    // One alarm with what formatting could get wrong: a fractional value, sub-millisecond times,
    // a cleared time, no location, no rack or device address; one controller without a name.
    const [odd, other] = seeded;
    const saved = sql`select value, rack_ref, device_address, raised_at::text, cleared_at::text, location_id
      from alarms where id = ${odd?.id}`;
    const [before] = await query(t.database.db, saved);
    const [named] = await query<{ name: string | null }>(
      t.database.db,
      sql`select name from controllers where id = ${other?.controllerId}`,
    );
    await t.database.db.execute(sql`update alarms set value = -3.25, rack_ref = null, device_address = null,
      raised_at = '2026-09-30 23:59:59.123789+00', cleared_at = '2026-10-01 00:00:00.000999+00', location_id = null
      where id = ${odd?.id}`);
    await t.database.db.execute(sql`update controllers set name = null where id = ${other?.controllerId}`);
    try {
      const pages = [1, 2].map((page) => get(`/api/alarms?per_page=50&page=${page}&sort=ref`));
      const items = (await Promise.all(pages)).flatMap((res) => res.json().data as AlarmSummary[]);
      expect(items.map((a) => a.id).sort((x, y) => x - y)).toEqual(seeded.map((a) => a.id).sort((x, y) => x - y));
      const expected = await alarmSummariesByIds(
        t.database.db,
        items.map((a) => a.id),
      );
      expect(items.sort((x, y) => x.id - y.id)).toStrictEqual(JSON.parse(JSON.stringify(expected)));
      expect(items.find((a) => a.id === odd?.id)).toMatchObject({
        value: -3.25,
        raised_at: '2026-09-30T23:59:59.123Z',
        cleared_at: '2026-10-01T00:00:00.000Z',
        location_id: null,
        rack_ref: null,
      });
      expect(items.find((a) => a.controller.id === other?.controllerId)?.controller.name).toBeNull();
    } finally {
      await t.database.db.execute(sql`update alarms set value = ${before?.value ?? null}, rack_ref = ${before?.rack_ref ?? null},
        device_address = ${before?.device_address ?? null}, raised_at = ${before?.raised_at}::timestamptz,
        cleared_at = ${before?.cleared_at ?? null}::timestamptz, location_id = ${before?.location_id ?? null}
        where id = ${odd?.id}`);
      await t.database.db.execute(
        sql`update controllers set name = ${named?.name ?? null} where id = ${other?.controllerId}`,
      );
    }
  });
});

const everyAlarm = () => true;
const rank = { critical: 4, high: 3, medium: 2, low: 1 } as const;
const controllerName = (i: number) => `Rack ${String.fromCharCode(65 + Math.floor(i / 12))} Controller`;

/** The documented order of each sort, with its ties broken by newest first, then id. */
function expectedOrder(sort: (typeof ALARM_SORTS)[number]): number[] {
  const dir = sort.startsWith('-') ? -1 : 1;
  const newest = (a: SeededAlarm, b: SeededAlarm) => b.raisedAt.getTime() - a.raisedAt.getTime() || b.id - a.id;
  const cmp = (x: number, y: number) => (x === y ? 0 : (x < y ? -1 : 1) * dir);
  const sorted = [...seeded].sort((a, b) => {
    switch (sort.replace('-', '')) {
      case 'raised_at':
        return cmp(a.raisedAt.getTime(), b.raisedAt.getTime()) || cmp(a.id, b.id);
      case 'ref':
        return cmp(a.ref, b.ref);
      case 'severity':
        return cmp(rank[a.severity], rank[b.severity]) || newest(a, b);
      case 'acknowledged_at':
        // Alarms never acknowledged come last in both directions.
        if (!a.acknowledgedAt || !b.acknowledgedAt) {
          return (a.acknowledgedAt ? -1 : 0) + (b.acknowledgedAt ? 1 : 0) || newest(a, b);
        }
        return cmp(a.acknowledgedAt.getTime(), b.acknowledgedAt.getTime()) || newest(a, b);
      default: {
        const [na, nb] = [controllerName(a.controller), controllerName(b.controller)];
        return (na === nb ? 0 : (na < nb ? -1 : 1) * dir) || cmp(a.controllerId, b.controllerId) || newest(a, b);
      }
    }
  });
  return sorted.map((a) => a.ref);
}

describe('GET /api/alarms sorting and paging', () => {
  it.each(ALARM_SORTS)('sorts by %s', async (sort) => {
    const res = await get(`/api/alarms?sort=${sort}&per_page=100`);
    expect(refsOf(res)).toEqual(expectedOrder(sort));
  });

  it('ranks severity critical > high > medium > low, not alphabetically', async () => {
    const severities = (await get('/api/alarms?sort=-severity&per_page=100'))
      .json()
      .data.map((a: AlarmSummary) => a.severity);
    const firsts = severities.filter((s: string, i: number) => severities.indexOf(s) === i);
    expect(firsts).toEqual(['critical', 'high', 'medium', 'low']);
  });

  it('defaults to the newest first, 25 a page', async () => {
    const res = await get('/api/alarms');
    expect(refsOf(res)).toEqual(expectedOrder('-raised_at').slice(0, 25));
    expect(res.json().meta).toEqual({ page: 1, per_page: 25, total: 84, last_page: 4 });
  });

  it('pages through every alarm exactly once', async () => {
    const pages: number[] = [];
    for (let page = 1; page <= 12; page++) {
      const res = await get(`/api/alarms?sort=severity&per_page=7&page=${page}`);
      expect(res.json().meta).toEqual({ page, per_page: 7, total: 84, last_page: 12 });
      pages.push(...refsOf(res));
    }
    expect(pages).toEqual(expectedOrder('severity'));
    const past = await get('/api/alarms?per_page=7&page=13');
    expect(past.json()).toEqual({ data: [], meta: { page: 13, per_page: 7, total: 84, last_page: 12 } });
  });

  it.each([
    ['-raised_at', '', everyAlarm],
    ['raised_at', '&status=active,cleared', (a: SeededAlarm) => a.status !== 'acknowledged'],
  ] as const)('pages by %s%s, merging one time-ordered scan per status', async (sort, filter, match) => {
    const expected = expectedOrder(sort).filter((ref) => match(seeded.find((a) => a.ref === ref) as SeededAlarm));
    const pages: number[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 10); page++) {
      pages.push(...refsOf(await get(`/api/alarms?sort=${sort}${filter}&per_page=10&page=${page}`)));
    }
    expect(pages).toEqual(expected);
  });

  it.each([
    'per_page=0',
    'per_page=101',
    'page=0',
    'sort=name',
    'status=open',
    'severity=urgent',
    'warranty=yes',
    'controller_id=abc',
    'controller_id=99999999999',
  ])('refuses %s with a localized 422', async (query) => {
    const res = await get(`/api/alarms?${query}`, 'es-MX');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', message: 'Algunos campos no son válidos.' });
  });
});

describe('GET /api/alarms/stats', () => {
  it('counts every alarm by status (from the counters)', async () => {
    const res = await get('/api/alarms/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: countOf(all) });
    expect(countOf(seeded).warranty_active).toBeGreaterThan(0);
  });

  it.each(FILTERS)('counts what the %s filter matches', async (_label, query, match) => {
    const res = await get(`/api/alarms/stats?${query()}`);
    expect(res.json().data).toEqual(countOf(all.filter(match)));
  });

  it.each([
    ['', `type=${TYPES.join(',')}`],
    ['severity=critical,high', `severity=critical,high&type=${TYPES.join(',')}`],
    ['warranty=true', `warranty=true&type=${TYPES.join(',')}`],
    ['status=active,cleared&organization_id=ORG', `status=active,cleared&organization_id=ORG&type=${TYPES.join(',')}`],
  ])('agrees between the counters (%s) and an exact count', async (counters, exact) => {
    const org = String(seededAt(0).organizationId);
    const a = (await get(`/api/alarms/stats?${counters.replace('ORG', org)}`)).json().data;
    const b = (await get(`/api/alarms/stats?${exact.replace('ORG', org)}`)).json().data;
    expect(a).toEqual(b);
    expect(a.active + a.acknowledged + a.cleared).toBeGreaterThan(0);
  });

  it('reads the counters, not the alarms, when only scope and counter dimensions filter', async () => {
    const org = seededAt(0).organizationId;
    const bump = (n: number) =>
      // One counter row (severity is a dimension too, so several rows match the rest).
      t.database.db.execute(sql`update alarm_counters set count = count + ${n} where ctid = (select ctid from alarm_counters
        where status = 'active' and organization_id = ${org} and location_id = ${seededAt(0).locationId}
          and warranty order by severity limit 1)`);
    // Staff over every organization read alarm_totals (totals.ts): the same change, appended there.
    const bumpTotals = (n: number) =>
      t.database.db.execute(sql`insert into alarm_total_changes (status, warranty, severity, delta)
        select status, warranty, severity, ${n} from alarm_counters where status = 'active' and organization_id = ${org}
          and location_id = ${seededAt(0).locationId} and warranty order by severity limit 1`);
    const exact = countOf(all);
    const exactOrg = countOf(all.filter((s) => s.organizationId === org));
    await bump(1000);
    await bumpTotals(1000);
    try {
      expect((await get('/api/alarms/stats')).json().data.active).toBe(exact.active + 1000);
      expect((await get('/api/alarms?status=active')).json().meta.total).toBe(exact.active + 1000);
      expect((await get('/api/alarms/stats?severity=critical,high,medium,low')).json().data.active).toBe(
        exact.active + 1000,
      );
      expect((await get(`/api/alarms/stats?organization_id=${org}`)).json().data.active).toBe(exactOrg.active + 1000);
      expect((await get(`/api/alarms/stats?type=${TYPES.join(',')}`)).json().data.active).toBe(exact.active);
    } finally {
      await bump(-1000);
      await bumpTotals(-1000);
    }
  });
});
