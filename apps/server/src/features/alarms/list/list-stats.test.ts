import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { all, countOf, FILTERS, get, seedAlarmList, seeded, seededAt, TYPES, t } from '../../../test/alarm-list.ts';

beforeAll(seedAlarmList);
afterAll(() => t?.close());

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
