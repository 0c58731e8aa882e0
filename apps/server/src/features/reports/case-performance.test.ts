import { demoMac } from '@rcm/shared/demo';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controllers, locations } from '../../db/schema.ts';
import { caseEvents, caseHours } from '../../db/schema-cases.ts';
import { addOutsider, seedAlarms } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';
import { readPdf } from '../../test/pdf.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const DAY = '2026-10-05';
const at = (hhmm: string, day = DAY) => new Date(`${day}T${hhmm}:00Z`);
const ids: Record<string, { id: number; locationId: number }> = {};

async function controllerOf(index: number) {
  const [c] = await t.database.db
    .select()
    .from(controllers)
    .where(eq(controllers.macAddress, demoMac(index)));
  if (!c?.locationId) throw new Error(`no demo controller ${index}`);
  return { id: c.id, locationId: c.locationId };
}

/** A day of hours for a case: every hour observed; `held` and `out` seconds per hour where given. */
function hoursOf(controllerId: number, addr: string, held: Record<number, number>, out: Record<number, number>) {
  return Array.from({ length: 24 }, (_, h) => ({
    controllerId,
    addr,
    rackRef: 'A',
    bucket: new Date(at('00:00').getTime() + h * 3_600_000),
    observedS: 3600,
    heldS: held[h] ?? 0,
    inRangeS: 3600 - (held[h] ?? 0) - (out[h] ?? 0),
  }));
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-10-06T12:00:00Z');
  await addOutsider(t.database.db, 'vv-cases@example.com');
  for (const who of ['manager', 'viewer']) tokens[who] = await login(t.app, `${who}@example.com`);
  tokens.other = await login(t.app, 'vv-cases@example.com');
  // FreshMart #101 (controller 0), FreshMart #102 (controller 1), Valle Verde Centro (controller 5).
  ids.a = await controllerOf(0);
  ids.b = await controllerOf(1);
  ids.vv = await controllerOf(5);
  const db = t.database.db;
  // The day is the locations' local day: UTC here, so the hours below are the day's.
  await db.update(locations).set({ timezone: 'UTC' });
  // Case A.CASE1 of #101: two defrosts (30 and 20 minutes, held with their recovery: 3,000 s), half an
  // hour above its limit at noon, two door openings, three alarms held back, one temperature alarm.
  await db.insert(caseHours).values(hoursOf(ids.a.id, 'A.CASE1', { 10: 1800, 16: 1200 }, { 12: 1800 }));
  const event = (controllerId: number, addr: string, kind: string, from: Date, to: Date | null) => ({
    controllerId,
    rackRef: 'A',
    addr,
    kind: kind as 'defrost',
    startedAt: from,
    endedAt: to,
  });
  await db.insert(caseEvents).values([
    event(ids.a.id, 'A.CASE1', 'defrost', at('10:00'), at('10:30')),
    event(ids.a.id, 'A.CASE1', 'defrost', at('16:00'), at('16:20')),
    event(ids.a.id, 'A.CASE1', 'door_open', at('08:00'), at('08:03')),
    event(ids.a.id, 'A.CASE1', 'door_open', at('18:00'), at('18:09')),
    event(ids.a.id, 'A.CASE1', 'held_defrost', at('10:05'), at('10:50')),
    event(ids.a.id, 'A.CASE1', 'held_product', at('08:05'), at('08:20')),
    event(ids.a.id, 'A.CASE1', 'held_product', at('18:05'), at('18:30')),
    // The day before: outside the range.
    event(ids.a.id, 'A.CASE1', 'defrost', at('10:00', '2026-10-04'), at('11:30', '2026-10-04')),
    // #102's case: a defrost going on at the range's end (counted up to it: 10 minutes).
    event(ids.b.id, 'A.CASE2', 'defrost', at('23:50'), null),
    event(ids.vv.id, 'A.CASE1', 'defrost', at('06:00'), at('06:25')),
  ]);
  await db.insert(caseHours).values(hoursOf(ids.b.id, 'A.CASE2', {}, { 3: 3600 }));
  await db.insert(caseHours).values(hoursOf(ids.vv.id, 'A.CASE1', {}, {}));
  await seedAlarms(db, [
    { controller: 0, type: 'CASE_HIGH_TEMP', subject: 'A.CASE1', status: 'cleared', raisedAt: at('12:05') },
    // Not a temperature alarm of a case: not counted.
    { controller: 0, type: 'LOW_SUPERHEAT', status: 'cleared', raisedAt: at('12:05') },
  ]);
});
afterAll(() => t?.close());

const get = (who: string, query: string, locale?: string) =>
  t.app.inject({ method: 'GET', url: `/api/reports/case_performance?${query}`, headers: headers(tokens[who], locale) });

describe('the case performance report', () => {
  it('gives per case, per location and overall: time in range without defrost, defrosts, doors, alarms and those held back', async () => {
    const res = await get('manager', `from=${DAY}&to=${DAY}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    const a = r.cases.find((c: { addr: string; controller: { id: number } }) => c.controller.id === ids.a?.id);
    expect(a).toMatchObject({
      addr: 'A.CASE1',
      rack_ref: 'A',
      observed_hours: 24,
      // (86,400 − 3,000 held − 1,800 out) / (86,400 − 3,000)
      time_in_range_percent: 97.8,
      defrosts: 2,
      defrosts_per_day: 2,
      avg_defrost_minutes: 25,
      longest_defrost_minutes: 30,
      door_openings: 2,
      alarms_raised: 1,
      held_by_defrost: 1,
      held_by_product: 2,
    });
    const b = r.cases.find((c: { controller: { id: number } }) => c.controller.id === ids.b?.id);
    expect(b).toMatchObject({ addr: 'A.CASE2', time_in_range_percent: 95.8, defrosts: 1, longest_defrost_minutes: 10 });
    // The manager's organization only: Valle Verde's case is not there.
    expect(r.cases).toHaveLength(2);
    expect(r.overall).toMatchObject({
      cases: 2,
      observed_hours: 48,
      defrosts: 3,
      defrosts_per_day: 1.5,
      avg_defrost_minutes: 20,
      longest_defrost_minutes: 30,
      door_openings: 2,
      alarms_raised: 1,
      held_by_defrost: 1,
      held_by_product: 2,
    });
    expect(r.locations.map((l: { location: { id: number } }) => l.location.id).sort()).toEqual(
      [ids.a?.locationId, ids.b?.locationId].sort(),
    );
    const one = (await get('manager', `from=${DAY}&to=${DAY}&location_id=${ids.a?.locationId}`)).json().data;
    expect(one.cases.map((c: { addr: string }) => c.addr)).toEqual(['A.CASE1']);
  });

  it('keeps to the caller’s scope: another organization’s location is 404, its cases never shown', async () => {
    const other = (await get('other', `from=${DAY}&to=${DAY}`)).json().data;
    expect(other.cases.map((c: { controller: { id: number } }) => c.controller.id)).toEqual([ids.vv?.id]);
    const foreign = await get('other', `from=${DAY}&to=${DAY}&location_id=${ids.a?.locationId}`, 'es-MX');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('not_found');
    expect((await get('viewer', `from=${DAY}&to=${DAY}`)).statusCode).toBe(403);
    const order = await get('manager', `from=${DAY}&to=2026-10-01`, 'es-MX');
    expect(order.statusCode).toBe(422);
    expect(order.json().error.details.fields[0].field).toBe('to');
    expect((await get('manager', `from=${DAY}&to=${DAY}&location_id=99999999999`)).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/reports/case_performance?from=x' })).statusCode).toBe(401);
  });

  it('exports CSV (a row per case) and a PDF, in English and Spanish', async () => {
    const csv = await get('manager', `from=${DAY}&to=${DAY}&format=csv&lang=es-MX`, 'es-MX');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Ubicación,Controlador,Vitrina,Punto,Horas observadas,Horas registradas,Tiempo en rango %,Fuera de rango h,Horas sobre el límite,Sobre el límite en deshielo,Desviaciones,Deshielos,Deshielos/día,Deshielo prom. min,Deshielo máx. min,Aperturas de puerta,Alarmas generadas,Retenidas por deshielo,Retenidas por producto',
    );
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.endsWith(',A.CASE1,24,0,97.8,0.5,0,0,0,2,2,25,30,2,1,1,2'))).toBe(true);
    for (const locale of ['en-US', 'es-MX']) {
      const pdf = await get('manager', `from=${DAY}&to=${DAY}&format=pdf&lang=${locale}`, locale);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = (await readPdf(pdf.rawPayload)).pages.join('\n');
      if (locale === 'en-US') {
        expect(text).toContain('Case performance');
        expect(text).toContain('Time in range (without defrost)');
        expect(text).toContain('97.8');
      } else {
        expect(text).toContain('Desempeño de vitrinas');
        expect(text).toContain('Retenidas por deshielo / por sonda de producto');
        expect(text).toContain('97.8');
      }
    }
  });
});
