import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rackPoints, readingsHourly } from '../../db/schema-readings.ts';
import { seedReportReadings } from '../../seed/reports.ts';
import { readPdf } from '../../test/pdf.ts';
import { at, openReportsApp, type ReportsApp } from '../../test/reports.ts';

describe('reports API: HACCP log', () => {
  let r: ReportsApp;

  beforeAll(async () => {
    r = await openReportsApp();
    const { db, fresh, north } = r;
    // Case points: A.CASE2 is a °C point (limit 5), A.CASE1 a °F one (limit 41).
    await db.insert(rackPoints).values([
      {
        controllerId: fresh.id,
        addr: 'A.CASE1',
        rackRef: 'A',
        name: 'Case 1 Temperature',
        unit: '°F',
        status: 'ok',
        value: 38,
        updatedAt: r.t.clock.now,
      },
      {
        controllerId: fresh.id,
        addr: 'A.CASE2',
        rackRef: 'A',
        name: 'Case 2 Temperature',
        unit: '°C',
        status: 'ok',
        value: 3,
        updatedAt: r.t.clock.now,
      },
    ]);

    // HACCP: 2020-03-02 in Chicago is UTC-6 (daylight time starts on the 8th).
    const hourly: (typeof readingsHourly.$inferInsert)[] = [];
    const bucket = (localHour: number) => new Date(Date.parse('2020-03-02T06:00:00Z') + localHour * 3_600_000);
    for (let h = 0; h < 24; h += 1) {
      const max = h === 14 ? 43 : h === 15 ? 41 : 38;
      hourly.push({
        controllerId: fresh.id,
        key: 'A.CASE1',
        bucket: bucket(h),
        min: max - 1,
        max,
        sum: max * 4,
        count: 4,
      });
    }
    for (let h = 0; h <= 12; h += 1) {
      const max = h === 12 ? 6 : 3;
      hourly.push({ controllerId: fresh.id, key: 'A.CASE2', bucket: bucket(h), min: 2, max, sum: max, count: 1 });
    }
    // Local 2020-03-01 21:00: another day. A.SUCT is no case.
    hourly.push({
      controllerId: fresh.id,
      key: 'A.CASE1',
      bucket: at('2020-03-02T03:00:00Z'),
      min: 50,
      max: 50,
      sum: 50,
      count: 1,
    });
    hourly.push({ controllerId: fresh.id, key: 'A.SUCT', bucket: bucket(3), min: 50, max: 50, sum: 50, count: 1 });
    hourly.push({
      controllerId: north.id,
      key: 'A.CASE1',
      bucket: at('2020-03-02T12:00:00Z'),
      min: 45,
      max: 45,
      sum: 45,
      count: 1,
    });
    await db.insert(readingsHourly).values(hourly);
  });
  afterAll(async () => {
    await r?.t.close();
  });

  describe('HACCP log', () => {
    it('logs each case’s hourly temperature per local day and marks excursions', async () => {
      const body = (await r.get('/api/reports/haccp?from=2020-03-02&to=2020-03-02', r.manager)).json();
      expect(body.data).toHaveLength(2);
      const [case1, case2] = body.data;
      expect(case1).toMatchObject({
        day: '2020-03-02',
        point: 'A.CASE1',
        unit: '°F',
        limit: 41,
        min: 37,
        max: 43,
        excursions: 1,
      });
      expect(case1.hours[14]).toBe(43);
      expect(case1.hours[15]).toBe(41);
      expect(case1.hours.filter((v: number | null) => v !== null)).toHaveLength(24);
      expect(case2).toMatchObject({ point: 'A.CASE2', unit: '°C', limit: 5, max: 6, excursions: 1 });
      expect(case2.hours.slice(13)).toEqual(Array(11).fill(null));
      expect(body.summary).toMatchObject({
        locations: 1,
        cases: 2,
        hours_logged: 24 + 13,
        hours_above: 2,
        excursions: 2,
      });
      expect(body.summary.by_day).toEqual([{ day: '2020-03-02', hours_logged: 37, hours_above: 2, excursions: 2 }]);
      expect(body.meta).toMatchObject({ total: 2, last_page: 1 });
    });

    it('past the last page: no rows, and the same total and summary', async () => {
      const q = 'from=2020-03-02&to=2020-03-02';
      const first = (await r.get(`/api/reports/haccp?${q}&per_page=1`, r.manager)).json();
      expect(first.data).toHaveLength(1);
      expect(first.meta).toMatchObject({ total: 2, last_page: 2 });
      const beyond = (await r.get(`/api/reports/haccp?${q}&per_page=1&page=5`, r.manager)).json();
      expect(beyond.data).toEqual([]);
      expect(beyond.meta).toMatchObject({ page: 5, total: 2, last_page: 2 });
      expect(beyond.summary).toEqual(first.summary);
      expect(beyond.summary).toMatchObject({ locations: 1, cases: 2, hours_logged: 37, excursions: 2 });
    });

    it('keeps organizations apart and filters by location', async () => {
      const nw = (await r.get('/api/reports/haccp?from=2020-03-01&to=2020-03-02', r.northwind)).json();
      expect(nw.data).toHaveLength(1);
      expect(nw.data[0]).toMatchObject({ organization_name: 'Northwind Grocers', max: 45, excursions: 1 });
      const loc = nw.data[0].location_id;
      const fm = (await r.get(`/api/reports/haccp?from=2020-03-01&to=2020-03-02&location_id=${loc}`, r.manager)).json();
      expect(fm.data).toEqual([]);
      expect(fm.summary.hours_logged).toBe(0);
    });

    it('exports in the reader’s stored language unless the request names one (`lang`), whatever X-Locale says', async () => {
      const q = '/api/reports/haccp?from=2020-03-02&to=2020-03-02&format=csv';
      // The demo manager's account is in Spanish; the screens' header says English.
      const stored = await r.get(q, r.manager, 'en-US');
      expect(stored.headers['content-language']).toBe('es-MX');
      expect(stored.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^Organización,Ubicación,Día/);
      const pdf = await r.get(q.replace('csv', 'pdf'), r.manager, 'en-US');
      expect((await readPdf(pdf.rawPayload)).pages[0]).toContain('Registro de temperaturas HACCP');
      const named = await r.get(`${q}&lang=en-US`, r.manager, 'es-MX');
      expect(named.headers['content-language']).toBe('en-US');
      expect(named.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^Organization,Location,Day/);
      // An English account gets English whatever the header.
      const technician = await r.get(q, r.technician, 'es-MX');
      expect(technician.headers['content-language']).toBe('en-US');
      expect((await r.get(`${q}&lang=fr-FR`, r.manager)).statusCode).toBe(422);
    });

    it('exports CSV with 24 hourly columns and excursions starred', async () => {
      const res = await r.get('/api/reports/haccp?from=2020-03-02&to=2020-03-02&format=csv&lang=en-US', r.manager);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      // 14 columns, the 24 hours, then the signature of the sign-off over the day (6 columns).
      expect(lines[0]?.split(',')).toHaveLength(14 + 24 + 6);
      // After the hours and the day's figures comes the day's product maximum: none without a probe.
      expect(lines[0]?.split(',').at(-7)).toBe('Product max');
      expect(lines[1]?.split(',').at(-7)).toBe('');
      // Nobody signed that day: the signature's cells are empty.
      expect(lines[0]?.split(',').slice(-6)).toEqual([
        'Signed by',
        'Signer role',
        'Meaning',
        'Signed at',
        'Re-authentication',
        'Record hash',
      ]);
      expect(lines[1]?.split(',').slice(-6)).toEqual(['', '', '', '', '', '']);
      const cells = lines[1]?.split(',') ?? [];
      expect(cells.slice(0, 9)).toEqual([
        'FreshMart Foods',
        'FreshMart #101 Downtown',
        '2020-03-02',
        expect.any(String),
        'A',
        'Case 1 Temperature',
        'A.CASE1',
        '°F',
        '41',
      ]);
      expect(cells[9 + 14]).toBe('43*');
      expect(cells[9 + 15]).toBe('41');
    });
  });

  it('the demo seed gives the HACCP report real data: hours above and excursions (runs of them) as in the rollups', async () => {
    const now = at('2026-06-01T12:00:00Z');
    const written = await seedReportReadings(r.t.database.db, now, 3);
    expect(written).toBeGreaterThan(0);
    const q = 'from=2026-05-30&to=2026-05-30';
    const body = (await r.get(`/api/reports/haccp?${q}&per_page=200`, r.technician)).json();
    // Independently: every seeded case hour of that local day (locations keep their own time zone; the
    // fixture made FreshMart #101's A.CASE2 a °C point, so its limit is 5).
    // An excursion begins at an hour above the limit whose hour before (that day) was not above it.
    const lim = (t: string) => sql.raw(`case ${t}.unit when '°C' then 5 else 41 end`);
    const res = await r.t.database.db.execute(sql`select count(*)::int as hours,
        (count(*) filter (where h.max > ${lim('p')}))::int as over,
        (count(*) filter (where h.max > ${lim('p')} and not exists (
          select 1 from readings_hourly b where b.controller_id = h.controller_id and b.key = h.key
            and b.bucket = h.bucket - interval '1 hour' and b.max > ${lim('p')}
            and (b.bucket at time zone l.timezone)::date = '2026-05-30')))::int as runs
      from readings_hourly h join controllers c on c.id = h.controller_id join locations l on l.id = c.location_id
      left join rack_points p on p.controller_id = h.controller_id and p.addr = h.key
      where h.key ~ '\\.CASE[0-9]+$' and (h.bucket at time zone l.timezone)::date = '2026-05-30'`);
    const expected = (res as unknown as { rows: { hours: number; over: number; runs: number }[] }).rows[0];
    expect(body.summary.hours_logged).toBe(expected?.hours);
    expect(body.summary.hours_logged).toBeGreaterThan(0);
    expect(body.summary.hours_above).toBe(expected?.over);
    expect(body.summary.excursions).toBe(expected?.runs);
    expect(body.summary.excursions).toBeLessThan(body.summary.hours_above);
    const rows = [...body.data];
    for (let page = 2; page <= body.meta.last_page; page += 1) {
      rows.push(...(await r.get(`/api/reports/haccp?${q}&per_page=200&page=${page}`, r.technician)).json().data);
    }
    const sumOfRows = rows.reduce((s: number, r: { excursions: number }) => s + r.excursions, 0);
    expect(sumOfRows).toBe(expected?.runs);
  });

  it('the demo seed: the case performance report over the same day agrees with the HACCP log', async () => {
    // The cases seeded by the test above, read by both reports.
    const q = 'from=2026-05-30&to=2026-05-30';
    const haccp = (await r.get(`/api/reports/haccp?${q}&per_page=1`, r.manager)).json().summary;
    const cases = (await r.get(`/api/reports/case_performance?${q}`, r.manager)).json().data.overall;
    expect(cases).toMatchObject({
      cases: haccp.cases,
      hours_logged: haccp.hours_logged,
      hours_above_limit: haccp.hours_above,
      excursions: haccp.excursions,
      // The engine's hours are seeded with the rollups: every hour logged was observed, a defrost a case and day.
      observed_hours: haccp.hours_logged,
      defrosts: haccp.cases,
      defrosts_per_day: 1,
    });
    expect(cases.door_openings).toBeGreaterThan(0);
    // Hours above the limit outside a defrost are time out of range, not 100 % in range.
    if (cases.hours_above_limit > cases.hours_above_in_defrost) {
      expect(cases.out_of_range_hours).toBeGreaterThan(0);
      expect(cases.time_in_range_percent).toBeLessThan(100);
    }
  });
});
