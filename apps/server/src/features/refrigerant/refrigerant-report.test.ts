import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import { readPdf } from '../../test/pdf.ts';
import { base, refrigerantFixture, system } from '../../test/refrigerant.ts';

let t: TestApp;
let call: Awaited<ReturnType<typeof refrigerantFixture>>['call'];
let log: Awaited<ReturnType<typeof refrigerantFixture>>['log'];

beforeAll(async () => {
  ({ t, call, log } = await refrigerantFixture());
  // A: ok with one charge in the range; B: repair overdue; C: repaired but not verified by the
  // deadline (verification overdue); D: CO2, no leak checks.
  await call('PATCH', `${base}/A/refrigerant`, 'technician', system());
  await log('A', { type: 'charge', at: '2025-01-10T15:00:00Z', amount: { value: 100, unit: 'lb' } });
  await log('A', { type: 'charge', at: '2026-06-01T10:00:00Z', amount: { value: 150, unit: 'lb' } });
  for (const ref of ['B', 'C']) {
    await call(
      'PATCH',
      `${base}/${ref}/refrigerant`,
      'technician',
      system({ full_charge: { value: 100, unit: 'kg' } }),
    );
    await log(ref, { type: 'charge', at: '2026-09-01T08:00:00Z', amount: { value: 11, unit: 'kg' } });
    await log(ref, { type: 'charge', at: '2026-10-01T08:00:00Z', amount: { value: 5, unit: 'kg' } });
  }
  await log('C', { type: 'repair', at: '2026-10-05T08:00:00Z' });
  await call(
    'PATCH',
    `${base}/D/refrigerant`,
    'technician',
    system({ refrigerant: 'R-744', full_charge: { value: 300, unit: 'kg' } }),
  );
});
afterAll(() => t?.close());

describe('GET /api/reports/refrigerant', () => {
  it('lists every system in scope with its status, additions in the range and suspected-leak alarms', async () => {
    await t.database.db.execute(sql`insert into alarms (alarm_type_id, controller_id, organization_id, location_id, subject, rack_ref,
      reason, severity, status, raised_at, last_occurrence_at)
      select t.id, 1, c.organization_id, c.location_id, 'A:liquid_level', 'A', 'Leak suspected', 'high', 'active',
        '2026-11-20T10:00:00Z', '2026-11-20T10:00:00Z'
      from alarm_types t, controllers c where t.code = 'REFRIGERANT_LEAK_SUSPECTED' and c.id = 1`);
    const res = await call('GET', '/api/reports/refrigerant?from=2026-06-01&to=2026-11-25', 'technician');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as {
      rack_ref: string;
      added_kg: number;
      charges: number;
      status: { state: string };
      leak_alarms: number;
      leak_alarm_open: boolean;
    }[];
    expect(rows.map((r) => r.rack_ref)).toEqual(['A', 'B', 'C', 'D']);
    expect(rows[0]).toMatchObject({
      added_kg: 68.04,
      charges: 1,
      status: { state: 'ok' },
      leak_alarms: 1,
      leak_alarm_open: true,
    });
    expect(rows[1]).toMatchObject({ added_kg: 16, charges: 2, status: { state: 'overdue' } });
    expect(rows[2]).toMatchObject({ status: { state: 'verification_overdue', repair_due_by: '2026-10-31' } });
    const summary = res.json().summary;
    expect(summary.by_status).toContainEqual({ state: 'overdue', systems: 1 });
    expect(summary.by_status).toContainEqual({ state: 'verification_overdue', systems: 1 });
    expect(summary.by_status).toContainEqual({ state: 'verification_pending', systems: 0 });
    // Both are past the deadline: counted, never 0.
    expect(summary.overdue).toBe(2);
    const outsider = await call('GET', '/api/reports/refrigerant?from=2026-06-01&to=2026-11-25', 'outsider');
    expect(outsider.json().data).toEqual([]);
    const csv = await call(
      'GET',
      '/api/reports/refrigerant?from=2026-06-01&to=2026-11-25&format=csv&lang=es-MX',
      'technician',
      undefined,
      'es-MX',
    );
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('Ubicación,Controlador,Rack,Gas,Carga (kg)');
    expect(csv.body).toContain('FreshMart #101 Downtown');
    expect(csv.body).toContain('Vencida');
    const pdf = await call('GET', '/api/reports/refrigerant?from=2026-06-01&to=2026-11-25&format=pdf', 'technician');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    // The PDF names the overdue verification with its date, and counts both overdue systems.
    const text = (await readPdf(pdf.rawPayload)).pages.join('\n');
    expect(text).toMatch(/Verification overdue \(due Oct\s+31, 2026\)/);
    expect(text).toMatch(/Past the repair deadline\s*2/);
    const bad = await call(
      'GET',
      '/api/reports/refrigerant?from=2026-06-01&to=2026-01-01',
      'technician',
      undefined,
      'es-MX',
    );
    expect(bad.statusCode).toBe(422);
  });
});
