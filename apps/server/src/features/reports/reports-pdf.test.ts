import { REPORT_NAMES } from '@rcm/shared/reports';
import { DEFAULT_CASES, DEFAULT_RACKS } from '@rcm/simulator/fleet';
import { mulberry32 } from '@rcm/simulator/prng';
import { createRack, rackRef, rackSnapshot } from '@rcm/simulator/rack-model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingsHourly } from '../../db/schema-readings.ts';
import { seedReportReadings } from '../../seed/reports.ts';
import { headers } from '../../test/helpers.ts';
import { RAW_ISO, readPdf } from '../../test/pdf.ts';
import { at, openReportsApp, type ReportsApp } from '../../test/reports.ts';

/** Every report's PDF, as the reader gets it: their language, their zone, page numbers, no machine dates. */
describe('reports API: every PDF', () => {
  let r: ReportsApp;
  const range = 'from=2026-05-02&to=2026-05-31';

  beforeAll(async () => {
    r = await openReportsApp();
    // 30 days of hourly case temperatures for every case the fleet reports.
    await seedReportReadings(r.db, at('2026-06-01T04:00:00Z'), 31);
  });
  afterAll(async () => {
    await r?.t.close();
  });

  const pdf = async (name: string, locale: string) => {
    const res = await r.t.app.inject({
      method: 'GET',
      url: `/api/reports/${name}?${range}&format=pdf&lang=${locale}`,
      headers: headers(r.manager, locale),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return readPdf(res.rawPayload);
  };

  for (const name of REPORT_NAMES) {
    it(`${name}: page numbers, the range and when it was generated in the reader's language, no raw ISO`, async () => {
      const english = await pdf(name, 'en-US');
      for (const [i, text] of english.pages.entries())
        expect(text).toContain(`Page ${i + 1} of ${english.pages.length}`);
      const first = english.pages[0] ?? '';
      expect(first).toMatch(/From May 2, 2026 to May 31, 2026/);
      expect(first).toMatch(/Generated [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
      expect(english.pages.join('\n')).not.toMatch(RAW_ISO);

      const spanish = await pdf(name, 'es-MX');
      for (const [i, text] of spanish.pages.entries())
        expect(text).toContain(`Página ${i + 1} de ${spanish.pages.length}`);
      expect(spanish.pages[0]).toMatch(/Del 2 may 2026 al 31 may 2026/);
      expect(spanish.pages[0]).toMatch(/Generado el \d{1,2} [a-z]{3} \d{4}, \d{1,2}:\d{2} [ap]\.\s?m\./);
      expect(spanish.pages.join('\n')).not.toMatch(RAW_ISO);
    });
  }

  it('HACCP: the Cases tile counts the cases the table lists, and history has the cases the live fleet reports', async () => {
    // The case points a simulated controller of the fleet reports.
    const live = Array.from({ length: DEFAULT_RACKS }, (_, i) =>
      rackSnapshot(createRack(rackRef(i), DEFAULT_CASES, mulberry32(1)), new Set()).points.map((p) => p.addr),
    )
      .flat()
      .filter((a) => /\.CASE\d+$/.test(a))
      .sort();
    const seeded = (await r.db.execute(
      sql`select c.id, array_agg(distinct h.key order by h.key) as keys from controllers c
          join readings_hourly h on h.controller_id = c.id where c.online and c.location_id is not null group by c.id`,
    )) as unknown as { rows: { id: number; keys: string[] }[] };
    expect(seeded.rows.length).toBeGreaterThan(0);
    for (const row of seeded.rows) expect(row.keys).toEqual(live);

    const day = 'from=2026-05-31&to=2026-05-31';
    const list = async () => {
      const first = (await r.get(`/api/reports/haccp?${day}&per_page=200`, r.technician)).json();
      const rows = [...first.data];
      for (let page = 2; page <= first.meta.last_page; page += 1) {
        rows.push(...(await r.get(`/api/reports/haccp?${day}&per_page=200&page=${page}`, r.technician)).json().data);
      }
      const listed = new Set(
        rows.map(
          (x: { controller_name: string; point: string; location_id: number }) =>
            `${x.location_id}|${x.controller_name}|${x.point}`,
        ),
      );
      return { tile: first.summary.cases as number, listed: listed.size };
    };
    const before = await list();
    expect(before.tile).toBe(before.listed);
    expect(before.tile).toBe(seeded.rows.length * live.length);
    // The live fleet's next rollup (the same cases) changes no count.
    await r.db
      .insert(readingsHourly)
      .values(
        seeded.rows.flatMap((c) =>
          live.map((key) => ({
            controllerId: c.id,
            key,
            bucket: at('2026-05-31T23:00:00Z'),
            min: 35,
            max: 36,
            sum: 71,
            count: 2,
          })),
        ),
      )
      .onConflictDoNothing();
    expect(await list()).toEqual(before);
  });

  it('HACCP: 30 days of every case is a short document, a line per case (its rack named) and the excursions', async () => {
    const body = (await r.get(`/api/reports/haccp?${range}&per_page=1`, r.manager)).json();
    const cases = body.summary.cases as number;
    expect(cases).toBeGreaterThan(30);
    const { pages } = await pdf('haccp', 'en-US');
    const text = pages.join('\n');
    // Per case one line, per excursion one line, about 35 lines a page: far from a page per day and case.
    expect(pages.length).toBeLessThanOrEqual(2 + Math.ceil((cases + body.summary.excursions) / 30));
    expect(pages.length).toBeLessThan(cases / 4);
    expect(text).toContain('Hours above the limit');
    expect(text).toContain('Excursions');
    // Cases of different racks read differently.
    expect(text).toMatch(/Rack A · (Case 1 Temperature|A\.CASE1)/);
    expect(text).toMatch(/Rack B · (Case 1 Temperature|B\.CASE1)/);
  });
});
