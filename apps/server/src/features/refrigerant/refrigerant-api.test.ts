import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refrigerantEvents, refrigerantSystems } from '../../db/schema-refrigerant.ts';
import { query } from '../../lib/sql.ts';
import type { TestApp } from '../../test/app.ts';
import { rowCount } from '../../test/helpers.ts';
import { base, refrigerantFixture, system } from '../../test/refrigerant.ts';

let t: TestApp;
let call: Awaited<ReturnType<typeof refrigerantFixture>>['call'];
let log: Awaited<ReturnType<typeof refrigerantFixture>>['log'];

beforeAll(async () => {
  ({ t, call, log } = await refrigerantFixture());
});
afterAll(() => t?.close());

describe('the refrigerant table', () => {
  it('lists the 13 built-in refrigerants with their AR4 GWP and its source', async () => {
    const res = await call('GET', '/api/refrigerants', 'viewer');
    const rows = res.json().data as { code: string; gwp: number; source: string }[];
    expect(rows).toHaveLength(13);
    expect(rows.find((r) => r.code === 'R-404A')).toMatchObject({ gwp: 3922 });
    expect(rows.find((r) => r.code === 'R-744')).toMatchObject({ gwp: 1 });
    expect(rows.every((r) => r.source.length > 0)).toBe(true);
  });
});

describe('a rack as a refrigeration system', () => {
  it('is null until set up; then CO2e and the EU leak-check interval follow from the charge', async () => {
    expect((await call('GET', `${base}/A/refrigerant`, 'viewer')).json()).toEqual({ data: null });
    const res = await call('PATCH', `${base}/A/refrigerant`, 'technician', system({ leak_detection_system: true }));
    expect(res.statusCode, res.body).toBe(200);
    // 1000 lb = 453.592 kg × 3922 / 1000 = 1778.99 t CO2e: ≥ 500 t every 3 months, doubled with detection.
    expect(res.json().data).toMatchObject({
      full_charge: { value: 1000, unit: 'lb' },
      full_charge_kg: 453.59,
      gwp: 3922,
      co2e_tonnes: 1778.99,
      leak_rate_threshold_percent: 20,
      leak_check_interval_months: 6,
      next_leak_check_due: '2027-05-25',
      status: { state: 'ok', repair_due_by: null },
    });
    // 10 kg of R-134a is 14.3 t: every 12 months; R-744 is outside the F-gas checks.
    const small = await call(
      'PATCH',
      `${base}/D/refrigerant`,
      'technician',
      system({ refrigerant: 'R-134a', full_charge: { value: 10, unit: 'kg' } }),
    );
    expect(small.json().data).toMatchObject({ co2e_tonnes: 14.3, leak_check_interval_months: 12 });
    const co2 = await call(
      'PATCH',
      `${base}/D/refrigerant`,
      'technician',
      system({ refrigerant: 'R-744', full_charge: { value: 300, unit: 'kg' } }),
    );
    expect(co2.json().data).toMatchObject({
      co2e_tonnes: 0.3,
      leak_check_interval_months: null,
      next_leak_check_due: null,
    });
    const [audit] = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'refrigerant_system.update'`,
    );
    expect(audit?.n).toBe(3);
  });

  it('refuses bad input, localized, and changes nothing', async () => {
    const before = await rowCount(t.database, refrigerantSystems);
    const res = await call(
      'PATCH',
      `${base}/A/refrigerant`,
      'technician',
      system({ refrigerant: 'R-12', full_charge: { value: -1, unit: 'lb' } }),
      'es-MX',
    );
    expect(res.statusCode).toBe(422);
    const fields = res.json().error.details.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['refrigerant', 'full_charge.value']));
    expect(res.json().error.message).toMatch(/campos/i);
    expect(await rowCount(t.database, refrigerantSystems)).toBe(before);
  });
});

describe('the refrigerant log', () => {
  it('computes leak rates by the annualizing method, opens and closes the leak repair', async () => {
    // First charge of the system: no previous charge, so 365 days. (100 ÷ 1000) × (365 ÷ 365) × 100 = 10 %.
    const first = await log('A', { type: 'charge', at: '2025-01-10T15:00:00Z', amount: { value: 100, unit: 'lb' } });
    expect(first.data).toMatchObject({ leak_rate_percent: 10, leak_rate_days: 365, repair_due_by: null });
    // 30 days later: (20 ÷ 1000) × (365 ÷ 30) × 100 = 24.33 % > 20 % (commercial): repair due 30 days after.
    const second = await log('A', { type: 'charge', at: '2025-02-09T09:00:00Z', amount: { value: 20, unit: 'lb' } });
    expect(second.data).toMatchObject({ leak_rate_percent: 24.33, leak_rate_days: 30, repair_due_by: '2025-03-11' });
    expect(second.system.status).toEqual({
      state: 'overdue',
      repair_due_by: '2025-03-11',
      opened_by_event_id: second.data.id,
    });
    // Before its deadline the same repair is merely due.
    t.clock.now = new Date('2025-03-01T00:00:00Z');
    const view = (await call('GET', `${base}/A/refrigerant`, 'viewer')).json().data;
    expect(view.status.state).toBe('repair_due');
    t.clock.now = new Date('2026-11-25T12:00:00Z');
    // A repair, then a passed verification test, closes it; a failed one reopens it. Repaired but
    // not verified by the deadline (2025-03-11; today is 2026-11-25) is overdue, not pending.
    expect(
      (await log('A', { type: 'repair', at: '2025-03-05T10:00:00Z', notes: 'Brazed the liquid line' })).system.status,
    ).toEqual({ state: 'verification_overdue', repair_due_by: '2025-03-11', opened_by_event_id: second.data.id });
    t.clock.now = new Date('2025-03-08T00:00:00Z');
    expect((await call('GET', `${base}/A/refrigerant`, 'viewer')).json().data.status.state).toBe(
      'verification_pending',
    );
    t.clock.now = new Date('2026-11-25T12:00:00Z');
    const failed = await log('A', {
      type: 'verification_test',
      at: '2025-03-06T10:00:00Z',
      result: 'failed',
      test_kind: 'initial',
    });
    expect(failed.system.status.state).toBe('overdue');
    await log('A', { type: 'repair', at: '2025-03-07T10:00:00Z' });
    const passed = await log('A', {
      type: 'verification_test',
      at: '2025-03-08T10:00:00Z',
      result: 'passed',
      test_kind: 'follow_up',
    });
    expect(passed.system.status).toEqual({ state: 'ok', repair_due_by: null, opened_by_event_id: null });
    // 477 days after the previous charge: capped at 365. (150 ÷ 1000) × (365 ÷ 365) × 100 = 15 % (uncapped it would be 11.48 %).
    const capped = await log('A', { type: 'charge', at: '2026-06-01T10:00:00Z', amount: { value: 150, unit: 'lb' } });
    expect(capped.data).toMatchObject({ leak_rate_percent: 15, leak_rate_days: 365, repair_due_by: null });
    const [audit] = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'refrigerant_event.create'`,
    );
    expect(audit?.n).toBe(7);
  });

  it('applies each appliance type’s threshold (comfort cooling 10 %, industrial process 30 %)', async () => {
    await call(
      'PATCH',
      `${base}/B/refrigerant`,
      'technician',
      system({ full_charge: { value: 100, unit: 'kg' }, appliance_type: 'comfort_cooling' }),
    );
    // A first charge of 11 kg on 100 kg: 11 % > 10 %.
    const comfort = await log('B', { type: 'charge', at: '2026-10-01T08:00:00Z', amount: { value: 11, unit: 'kg' } });
    expect(comfort.data).toMatchObject({ leak_rate_percent: 11, repair_due_by: '2026-10-31' });
    expect(comfort.system.status.state).toBe('overdue');
    await call(
      'PATCH',
      `${base}/C/refrigerant`,
      'technician',
      system({ full_charge: { value: 100, unit: 'kg' }, appliance_type: 'industrial_process' }),
    );
    // 25 % is within the industrial 30 %; (9 ÷ 100) × (365 ÷ 100) × 100 = 32.85 % is not.
    const ok = await log('C', { type: 'charge', at: '2026-07-01T08:00:00Z', amount: { value: 25, unit: 'kg' } });
    expect(ok.data).toMatchObject({ leak_rate_percent: 25, repair_due_by: null });
    const over = await log('C', { type: 'charge', at: '2026-10-09T08:00:00Z', amount: { value: 9, unit: 'kg' } });
    expect(over.data).toMatchObject({ leak_rate_percent: 32.85, leak_rate_days: 100, repair_due_by: '2026-11-08' });
  });

  it('corrects an entry with a new one that references it, once', async () => {
    const wrong = await log('B', { type: 'charge', at: '2026-11-01T08:00:00Z', amount: { value: 50, unit: 'kg' } });
    const fixed = await log('B', {
      type: 'charge',
      at: '2026-11-01T08:00:00Z',
      amount: { value: 5, unit: 'kg' },
      corrects_event_id: wrong.data.id,
      notes: 'Typo: 5 kg, not 50',
    });
    // Against the charge of 2026-10-01 (31 days): (5 ÷ 100) × (365 ÷ 31) × 100 = 58.87 %.
    expect(fixed.data.leak_rate_percent).toBe(58.87);
    const list = (await call('GET', `${base}/B/refrigerant-events`, 'viewer')).json().data as {
      id: number;
      corrected_by_event_id: number | null;
      leak_rate_percent: number | null;
    }[];
    expect(list.find((e) => e.id === wrong.data.id)).toMatchObject({
      corrected_by_event_id: fixed.data.id,
      leak_rate_percent: null,
    });
    const again = await call('POST', `${base}/B/refrigerant-events`, 'technician', {
      type: 'charge',
      at: '2026-11-01T08:00:00Z',
      amount: { value: 4, unit: 'kg' },
      technician: 'Ana Ruiz',
      corrects_event_id: wrong.data.id,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.details.fields[0].field).toBe('corrects_event_id');
  });

  it('refuses incomplete entries, future dates and a rack without a system, localized, writing nothing', async () => {
    const before = await rowCount(t.database, refrigerantEvents);
    const post = (ref: string, body: object) =>
      call('POST', `${base}/${ref}/refrigerant-events`, 'technician', { technician: 'Ana', ...body }, 'es-MX');
    const noAmount = await post('A', { type: 'charge', at: '2026-11-20T10:00:00Z' });
    expect(noAmount.statusCode).toBe(422);
    expect(noAmount.json().error.details.fields).toEqual([{ field: 'amount', message: 'Este campo es obligatorio.' }]);
    const noResult = await post('A', { type: 'leak_inspection', at: '2026-11-20T10:00:00Z' });
    expect(noResult.json().error.details.fields[0].field).toBe('result');
    const future = await post('A', { type: 'repair', at: '2027-01-01T10:00:00Z' });
    expect(future.json().error.details.fields).toEqual([
      { field: 'at', message: 'La fecha no puede estar en el futuro.' },
    ]);
    await t.database.db.execute(
      sql`insert into racks (controller_id, ref, metrics, updated_at) values (1, 'E', '{}'::jsonb, now())`,
    );
    const missing = await post('E', { type: 'repair', at: '2026-11-20T10:00:00Z' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.details.fields[0].message).toMatch(/Primero configura/);
    expect((await post('Z', { type: 'repair', at: '2026-11-20T10:00:00Z' })).statusCode).toBe(404);
    // A job links only within the controller's organization.
    const [foreign] = await query<{ id: number }>(
      t.database.db,
      sql`select j.id from jobs j where j.organization_id <> (select organization_id from controllers where id = 1) limit 1`,
    );
    const elsewhere = await post('A', { type: 'repair', at: '2026-11-20T10:00:00Z', job_id: foreign?.id });
    expect(elsewhere.json().error.details.fields[0].field).toBe('job_id');
    expect(await rowCount(t.database, refrigerantEvents)).toBe(before);
    const [own] = await query<{ id: number; number: string }>(
      t.database.db,
      sql`select j.id, j.number from jobs j where j.organization_id = (select organization_id from controllers where id = 1) limit 1`,
    );
    const linked = await log('A', {
      type: 'leak_inspection',
      at: '2026-11-20T10:00:00Z',
      result: 'not_found',
      job_id: own?.id,
    });
    const listed = (await call('GET', `${base}/A/refrigerant-events`, 'viewer')).json().data as {
      id: number;
      job: unknown;
    }[];
    expect(listed.find((e) => e.id === linked.data.id)?.job).toEqual({ id: own?.id, number: own?.number });
  });
});

describe('scope', () => {
  it('another organization’s user gets 404 and changes nothing; a viewer may read, not write', async () => {
    const events = await rowCount(t.database, refrigerantEvents);
    const charge = { type: 'charge', at: '2026-11-20T10:00:00Z', amount: { value: 1, unit: 'lb' }, technician: 'X' };
    expect((await call('GET', `${base}/A/refrigerant`, 'outsider')).statusCode).toBe(404);
    expect((await call('GET', `${base}/A/refrigerant-events`, 'outsider')).statusCode).toBe(404);
    expect((await call('GET', `${base}/A/level-trend`, 'outsider')).statusCode).toBe(404);
    expect((await call('GET', `${base}/A/level-trend`, 'viewer')).json()).toEqual({ data: { hours: [], trend: null } });
    expect((await call('PATCH', `${base}/A/refrigerant`, 'outsider', system({ refrigerant: 'R-22' }))).statusCode).toBe(
      404,
    );
    expect((await call('POST', `${base}/A/refrigerant-events`, 'outsider', charge)).statusCode).toBe(404);
    expect((await call('PATCH', `${base}/A/refrigerant`, 'manager', system())).statusCode).toBe(403);
    expect((await call('POST', `${base}/A/refrigerant-events`, 'viewer', charge)).statusCode).toBe(403);
    expect((await call('GET', `${base}/A/refrigerant`, 'viewer')).json().data.refrigerant).toBe('R-404A');
    expect(await rowCount(t.database, refrigerantEvents)).toBe(events);
    const anonymous = await t.app.inject({ method: 'POST', url: `${base}/A/refrigerant-events`, payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});
