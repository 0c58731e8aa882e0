import { ALARM_SORTS, type AlarmSummary } from '@rcm/shared/alarms';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../../lib/sql.ts';
import { byRef, candidates, FILTERS, get, refsOf, seedAlarmList, seeded, t } from '../../../test/alarm-list.ts';
import type { SeededAlarm } from '../../../test/alarms.ts';
import { alarmSummariesByIds } from './summaries.ts';

beforeAll(seedAlarmList);
afterAll(() => t?.close());

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

  it('filters by the person paged ("Mine" on the phone), its total counted from the same rows', async () => {
    const [me] = await query<{ id: number }>(
      t.database.db,
      sql`select id from users where email = 'technician@example.com'`,
    );
    const [other] = await query<{ id: number }>(
      t.database.db,
      sql`select id from users where email = 'manager@example.com'`,
    );
    if (!me || !other) throw new Error('demo users missing');
    const mine = [seeded[0], seeded[4], seeded[7]] as SeededAlarm[];
    const page = (a: SeededAlarm, user: number) =>
      sql`insert into alarm_pages (alarm_id, step, user_id, channel, status, at)
          values (${a.id}, 1, ${user}, 'email', 'sent', now())`;
    // Paged twice (two steps) still lists once; another person's page is not mine.
    for (const a of mine) await t.database.db.execute(page(a, me.id));
    await t.database.db.execute(page(mine[0] as SeededAlarm, me.id));
    await t.database.db.execute(page(seeded[9] as SeededAlarm, other.id));
    const res = await get(`/api/alarms?paged_user_id=${me.id}&sort=ref&per_page=100`);
    expect(res.statusCode).toBe(200);
    expect(refsOf(res)).toEqual(byRef(mine));
    expect(res.json().meta.total).toBe(3);
    const active = mine.filter((a) => a.listStatus === 'active');
    const stats = await get(`/api/alarms/stats?paged_user_id=${me.id}`);
    expect(stats.json().data.active).toBe(active.length);
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
