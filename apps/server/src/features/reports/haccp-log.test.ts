import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { haccpEntries } from '../../db/schema-haccp.ts';
import { readingsHourly } from '../../db/schema-readings.ts';
import { api, locationId, outsider, r, range, signing, useHaccpApp } from '../../test/haccp-log.ts';
import { rowCount } from '../../test/helpers.ts';
import { readPdf } from '../../test/pdf.ts';

useHaccpApp();

describe('reports API: HACCP log entries', () => {
  it('lists each run of hours above the limit as one excursion: start, end, hours, peak, the alarm’s notes', async () => {
    const { status, body } = await api('GET', r.manager, `reports/haccp/excursions?${range}&location_id=${locationId}`);
    expect(status).toBe(200);
    expect(body.meta).toMatchObject({ page: 1, total: 2, last_page: 1 });
    const [morning, evening] = body.data as unknown as Record<string, unknown>[];
    expect(morning).toMatchObject({
      start: '2026-05-20T05:00:00.000Z',
      end: '2026-05-20T06:00:00.000Z',
      hours: 1,
      peak: 43,
      actions: [],
    });
    expect(evening).toMatchObject({
      start: '2026-05-20T23:00:00.000Z',
      end: '2026-05-21T01:00:00.000Z',
      hours: 2,
      peak: 45.5,
    });
    expect(evening?.actions).toEqual([
      expect.objectContaining({
        source: 'alarm',
        text: 'Moved the product to the walk-in & called service',
        author_name: 'Terry Technician',
        taken_at: '2026-05-20T23:30:00.000Z',
      }),
    ]);
    // The report's tile counts these two, not the three hours above.
    const report = (await r.get(`/api/reports/haccp?${range}&location_id=${locationId}`, r.manager)).json();
    expect(report.summary).toMatchObject({ excursions: 2, hours_above: 3 });
  });

  it('records a corrective action (author, time, audited), and refuses one for an hour that starts no excursion', async () => {
    const before = await rowCount(r.t.database, haccpEntries);
    const wrong = await api('POST', r.technician, 'reports/haccp/corrective-actions', {
      location_id: locationId,
      controller_id: r.fresh.id,
      point: 'A.CASE1',
      excursion_start: '2026-05-21T00:00:00Z',
      text: 'Checked the door',
    });
    expect(wrong.status).toBe(422);
    expect(JSON.stringify(wrong.body)).toContain('excursion_start');
    expect(await rowCount(r.t.database, haccpEntries)).toBe(before);

    const made = await api('POST', r.technician, 'reports/haccp/corrective-actions', {
      location_id: locationId,
      controller_id: r.fresh.id,
      point: 'A.CASE1',
      excursion_start: '2026-05-20T05:00:00Z',
      text: 'Door was left open; closed it and checked the product at 38 °F',
      taken_at: '2026-05-20T05:40:00Z',
    });
    expect(made.status).toBe(201);
    const entry = made.body.data as unknown as Record<string, unknown>;
    expect(entry).toMatchObject({
      kind: 'corrective_action',
      author_name: 'Terry Technician',
      taken_at: '2026-05-20T05:40:00.000Z',
      excursion_start: '2026-05-20T05:00:00.000Z',
      corrects_id: null,
    });
    const audit = await r.db.execute(
      sql`select action from audit_log where subject_type = 'haccp_entry' and subject_id = ${String(entry.id)}`,
    );
    expect((audit as unknown as { rows: { action: string }[] }).rows).toEqual([{ action: 'haccp_entry.create' }]);
    const list = await api('GET', r.manager, `reports/haccp/excursions?${range}&location_id=${locationId}`);
    const actions = (list.body.data as unknown as { actions: { source: string; id: number }[] }[])[0]?.actions;
    expect(actions).toEqual([expect.objectContaining({ source: 'log', id: entry.id })]);
  });

  it('signed entries cannot be changed or removed (409 entry_signed); a correction names the one it corrects', async () => {
    const first = await api('GET', r.manager, `reports/haccp/entries?${range}&kind=corrective_action`);
    const id = (first.body.data as unknown as { id: number }[])[0]?.id;
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await api(
        method,
        r.technician,
        `reports/haccp/entries/${id}`,
        method === 'PATCH' ? { text: 'x' } : undefined,
      );
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: { code: 'entry_signed' } });
    }
    const body = {
      location_id: locationId,
      controller_id: r.fresh.id,
      point: 'A.CASE1',
      excursion_start: '2026-05-20T05:00:00Z',
      text: 'Door was left open; product checked at 39 °F, not 38',
      taken_at: '2026-05-20T05:40:00Z',
    };
    const fixed = await api('POST', r.technician, 'reports/haccp/corrective-actions', { ...body, corrects_id: id });
    expect(fixed.status).toBe(201);
    expect(fixed.body.data).toMatchObject({ corrects_id: id });
    const again = await api('GET', r.manager, `reports/haccp/entries/${id}`);
    expect(again.body.data).toMatchObject({ corrected_by_id: (fixed.body.data as unknown as { id: number }).id });
    // One correction each: the corrected entry cannot be corrected again.
    const twice = await api('POST', r.technician, 'reports/haccp/corrective-actions', { ...body, corrects_id: id });
    expect(twice.status).toBe(422);
  });

  it('the responsible person signs the period (name and time); a technician may not; a sign-off is never edited', async () => {
    const denied = await api('POST', r.technician, 'reports/haccp/sign-offs', {
      location_id: locationId,
      from: '2026-05-20',
      to: '2026-05-20',
    });
    expect(denied.status).toBe(403);
    // Permission before validation: an empty body is still 403 for the technician.
    expect((await api('POST', r.technician, 'reports/haccp/sign-offs', {})).status).toBe(403);
    const future = await api('POST', r.manager, 'reports/haccp/sign-offs', {
      location_id: locationId,
      from: '2026-05-20',
      to: '2026-06-05',
      ...(await signing(r.manager)),
    });
    expect(future.status).toBe(422);
    const signed = await api('POST', r.manager, 'reports/haccp/sign-offs', {
      location_id: locationId,
      from: '2026-05-20',
      to: '2026-05-20',
      text: 'Reviewed the log and the corrective actions.',
      ...(await signing(r.manager)),
    });
    expect(signed.status).toBe(201);
    expect(signed.body.data).toMatchObject({
      kind: 'sign_off',
      author_name: 'María Manager',
      taken_at: '2026-06-01T12:00:00.000Z',
      from: '2026-05-20',
      to: '2026-05-20',
      // Both excursions of the day had a corrective action when it was signed.
      excursions: 2,
      excursions_without_action: 0,
    });
    const id = (signed.body.data as unknown as { id: number }).id;
    expect((await api('DELETE', r.manager, `reports/haccp/entries/${id}`)).status).toBe(409);
    const list = await api('GET', r.manager, `reports/haccp/entries?${range}&kind=sign_off&per_page=1`);
    expect(list.body.meta).toMatchObject({ page: 1, per_page: 1, total: 1 });
  });

  it('keeps organizations apart: another organization sees nothing and can touch nothing', async () => {
    const mine = await api('GET', r.manager, `reports/haccp/entries?${range}`);
    const ids = (mine.body.data as unknown as { id: number }[]).map((e) => e.id);
    expect(ids.length).toBeGreaterThan(0);
    const theirs = await api('GET', outsider, `reports/haccp/entries?${range}`);
    expect(theirs.body.data).toEqual([]);
    expect((await api('GET', outsider, `reports/haccp/excursions?${range}`)).body.data).toEqual([]);
    for (const id of ids) {
      expect((await api('GET', outsider, `reports/haccp/entries/${id}`)).status).toBe(404);
      expect((await api('DELETE', outsider, `reports/haccp/entries/${id}`)).status).toBe(404);
    }
    const before = await rowCount(r.t.database, haccpEntries);
    const action = await api('POST', outsider, 'reports/haccp/corrective-actions', {
      location_id: locationId,
      controller_id: r.fresh.id,
      point: 'A.CASE1',
      excursion_start: '2026-05-20T23:00:00Z',
      text: 'Not mine to say',
    });
    expect(action.status).toBe(404);
    const sign = await api('POST', outsider, 'reports/haccp/sign-offs', {
      location_id: locationId,
      from: '2026-05-20',
      to: '2026-05-20',
      ...(await signing(outsider)),
    });
    expect(sign.status).toBe(404);
    const correct = await api('POST', outsider, 'reports/haccp/sign-offs', {
      location_id: locationId,
      from: '2026-05-20',
      to: '2026-05-20',
      corrects_id: ids[0],
      ...(await signing(outsider)),
    });
    expect(correct.status).toBe(404);
    expect(await rowCount(r.t.database, haccpEntries)).toBe(before);
  });

  it('the PDF: each excursion with its corrective actions and who took them, the sign-off, times in the location’s zone', async () => {
    const res = await r.get(`/api/reports/haccp?${range}&location_id=${locationId}&format=pdf&lang=en-US`, r.manager);
    expect(res.statusCode).toBe(200);
    const doc = await readPdf(res.rawPayload);
    const text = doc.pages.join('\n').replace(/\s+/g, ' ');
    // The hourly table fits the page: its 24 hour columns are there, and nothing runs past the right margin.
    for (let h = 0; h < 24; h += 1) expect(doc.items.flat().map((i) => i.str)).toContain(String(h).padStart(2, '0'));
    for (const item of doc.items.flat()) expect(item.x + item.width).toBeLessThanOrEqual(792 - 36 + 0.5);
    // 23:00 UTC is 6:00 PM in Chicago (CDT) that day; the zone is named under the title, no UTC anywhere.
    expect(text).toMatch(/Times in America\/Chicago \(CDT\)/);
    expect(text).toMatch(/May 20, 2026, 6:00\s?PM/);
    expect(text).not.toMatch(/UTC|GMT/);
    // The alarm's notes at 23:30 UTC: 6:30 PM there, with the technician's name.
    expect(text).toMatch(
      /Moved the product to the walk-in & called service — Terry Technician, May 20, 2026, 6:30\s?PM/,
    );
    expect(text).toMatch(/corrects entry #\d+/);
    expect(text).toMatch(/corrected by entry #\d+/);
    expect(text).toContain('María Manager');
    expect(text).toContain('Reviewed the log and the corrective actions.');
    // The hourly log of the one location: the 6 PM hour starred.
    expect(text).toContain('Hourly log');
    expect(text).toContain('45.5*');

    const spanish = await r.get(`/api/reports/haccp?${range}&location_id=${locationId}&format=pdf`, r.manager);
    const es = (await readPdf(spanish.rawPayload)).pages.join('\n').replace(/\s+/g, ' ');
    expect(es).toContain('Acción correctiva');
    expect(es).toMatch(/Horas en America\/Chicago/);
    expect(es).toContain('Firmado por');
  });

  it('an excursion already going on when the range begins keeps its real start: its corrective action is recorded', async () => {
    // A.CASE2: above the limit from 23:00 on the 19th (local) to 01:59 on the 20th: the range's first hour is not its start.
    await r.db.insert(readingsHourly).values(
      [44, 45, 43, 38].map((max, i) => ({
        controllerId: r.fresh.id,
        key: 'A.CASE2',
        bucket: new Date(Date.parse('2026-05-20T04:00:00Z') + i * 3_600_000),
        min: max - 1,
        max,
        sum: max * 4,
        count: 4,
      })),
    );
    const list = await api('GET', r.manager, `reports/haccp/excursions?${range}&location_id=${locationId}`);
    const run = (list.body.data as unknown as Record<string, unknown>[]).find((e) => e.point === 'A.CASE2');
    expect(run).toMatchObject({
      start: '2026-05-20T04:00:00.000Z',
      end: '2026-05-20T07:00:00.000Z',
      hours: 3,
      peak: 45,
      controller_name: expect.any(String),
    });
    // Every excursion of the range and those without a corrective action: the new one has none.
    expect(list.body.summary).toEqual({ excursions: 3, without_action: 1 });
    // The same excursion read from the day before: the same start.
    const before = await api(
      'GET',
      r.manager,
      `reports/haccp/excursions?from=2026-05-19&to=2026-05-19&location_id=${locationId}`,
    );
    expect((before.body.data as unknown as { start: string }[]).map((e) => e.start)).toContain(
      '2026-05-20T04:00:00.000Z',
    );
    // Signing now says so in the record.
    const signed = await api('POST', r.manager, 'reports/haccp/sign-offs', {
      location_id: locationId,
      from: '2026-05-20',
      to: '2026-05-20',
      ...(await signing(r.manager)),
    });
    expect(signed.status).toBe(201);
    expect(signed.body.data).toMatchObject({ excursions: 3, excursions_without_action: 1 });
    const made = await api('POST', r.technician, 'reports/haccp/corrective-actions', {
      location_id: locationId,
      controller_id: r.fresh.id,
      point: 'A.CASE2',
      excursion_start: run?.start,
      text: 'Stocking run overnight; product moved and checked',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const after = await api('GET', r.manager, `reports/haccp/excursions?${range}&location_id=${locationId}`);
    expect(after.body.summary).toEqual({ excursions: 3, without_action: 0 });
    // Inside the run, an hour is no start of it: refused, naming the field, in Spanish too.
    const inside = await api(
      'POST',
      r.technician,
      'reports/haccp/corrective-actions',
      {
        location_id: locationId,
        controller_id: r.fresh.id,
        point: 'A.CASE2',
        excursion_start: '2026-05-20T05:00:00Z',
        text: 'x',
      },
      'es-MX',
    );
    expect(inside.status).toBe(422);
    expect(JSON.stringify(inside.body)).toContain('excursion_start');
  });
});
