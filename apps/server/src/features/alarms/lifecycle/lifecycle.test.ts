import type { AlarmSummary } from '@rcm/shared/alarms';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../../lib/sql.ts';
import { type AlarmSeed, seedAlarms } from '../../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../../test/app.ts';
import { advance, HOUR, headers, userByEmail } from '../../../test/helpers.ts';

let t: TestApp;
let technician: string;
let manager: string;
const events: AlarmSummary[] = [];
let off: () => void;

beforeAll(async () => {
  t = await createTestApp();
  technician = await login(t.app, 'technician@example.com');
  manager = await login(t.app, 'manager@example.com');
  off = t.bus.on('alarm.updated', (alarm) => events.push(alarm));
});
afterEach(() => {
  events.length = 0;
});
afterAll(async () => {
  off?.();
  await t?.close();
});

const act = (ref: number | string, action: string, token: string, locale?: string) =>
  t.app.inject({ method: 'POST', url: `/api/alarms/${ref}/${action}`, headers: headers(token, locale) });

async function one(seed: Partial<AlarmSeed> = {}) {
  const [alarm] = await seedAlarms(t.database.db, [{ controller: 0, ...seed }]);
  if (!alarm) throw new Error('nothing seeded');
  return alarm;
}

/** The alarm's row as stored, and its outbox events, oldest first. */
async function stored(id: number) {
  const [row] = await query(t.database.db, sql`select * from alarms where id = ${id}`);
  const outbox = await query<{ event: string }>(
    t.database.db,
    sql`select event from notification_outbox where alarm_id = ${id} order by id`,
  );
  return { row, outbox: outbox.map((o) => o.event) };
}

const stats = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/alarms/stats', headers: headers(technician) })).json().data;

describe('acknowledge, then clear', () => {
  it('records who and when, writes the outbox and announces each change', async () => {
    const alarm = await one();
    const tech = await userByEmail(t.database, 'technician@example.com');
    const mgr = await userByEmail(t.database, 'manager@example.com');
    const before = await stats();

    const ackAt = t.clock.now;
    const ack = await act(alarm.ref, 'acknowledge', technician);
    expect(ack.statusCode).toBe(200);
    expect(ack.json().data).toMatchObject({
      ref: alarm.ref,
      status: 'acknowledged',
      acknowledged_at: ackAt.toISOString(),
      cleared_at: null,
    });
    expect(events).toEqual([ack.json().data]);
    // Controller 0 is under warranty: the alarm leaves the warranty tile with the active one.
    expect(alarm.warranty).toBe(true);
    const afterAck = await stats();
    expect(afterAck).toEqual({
      ...before,
      active: before.active - 1,
      acknowledged: before.acknowledged + 1,
      warranty_active: before.warranty_active - 1,
    });

    advance(t.clock, HOUR);
    const clear = await act(alarm.ref, 'clear', manager);
    expect(clear.statusCode).toBe(200);
    expect(clear.json().data).toMatchObject({
      status: 'cleared',
      acknowledged_at: ackAt.toISOString(),
      cleared_at: t.clock.now.toISOString(),
    });
    expect(events.map((e) => e.status)).toEqual(['acknowledged', 'cleared']);
    expect(await stats()).toEqual({
      ...afterAck,
      acknowledged: afterAck.acknowledged - 1,
      cleared: before.cleared + 1,
    });

    const { row, outbox } = await stored(alarm.id);
    expect(row).toMatchObject({
      status: 'cleared',
      acknowledged_by: tech.id,
      cleared_by: mgr.id,
      health_status: 'cleared_by_user',
    });
    expect(outbox).toEqual(['acknowledged', 'cleared']);

    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/alarms/${alarm.ref}`, headers: headers(manager) })
    ).json();
    expect(detail.data).toMatchObject({
      acknowledged_by: { id: tech.id, name: 'Terry Technician' },
      cleared_by: { id: mgr.id, name: 'María Manager' },
    });
  });

  it('clears an active alarm directly', async () => {
    const alarm = await one();
    const res = await act(alarm.ref, 'clear', technician);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cleared', acknowledged_at: null });
    expect((await stored(alarm.id)).outbox).toEqual(['cleared']);
  });

  it('acts as the impersonated user in an impersonated session', async () => {
    const alarm = await one();
    const admin = await login(t.app, 'admin@example.com');
    const mgr = await userByEmail(t.database, 'manager@example.com');
    const imp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: headers(admin),
      payload: { user_id: mgr.id },
    });
    const token = String(imp.headers.authorization).replace(/^Bearer /, '');
    expect((await act(alarm.ref, 'acknowledge', token)).statusCode).toBe(200);
    expect((await stored(alarm.id)).row).toMatchObject({ acknowledged_by: mgr.id });
  });
});

describe('invalid transitions', () => {
  it.each([
    [
      'acknowledge',
      'acknowledged',
      'already_acknowledged',
      'This alarm was already acknowledged, by someone else or earlier: nothing changed.',
      'Esta alarma ya estaba reconocida, por otra persona o antes: no cambió nada.',
    ],
    [
      'acknowledge',
      'cleared',
      'already_cleared',
      'This alarm is already cleared: nothing changed.',
      'Esta alarma ya está resuelta: no cambió nada.',
    ],
    [
      'clear',
      'cleared',
      'already_cleared',
      'This alarm is already cleared: nothing changed.',
      'Esta alarma ya está resuelta: no cambió nada.',
    ],
  ] as const)(
    '%s on an %s alarm is a 409 that says why and changes nothing',
    async (action, status, code, message, es) => {
      const alarm = await one({ status });
      const before = await stored(alarm.id);
      const counts = await stats();
      const res = await act(alarm.ref, action, technician);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code, message, details: { status } });
      expect(await stored(alarm.id)).toEqual(before);
      expect(before.outbox).toEqual([]);
      expect(await stats()).toEqual(counts);
      expect(events).toEqual([]);
      expect((await act(alarm.ref, action, technician, 'es-MX')).json().error.message).toBe(es);
    },
  );

  it('answers 404 for an unknown ref and 422 for a malformed one', async () => {
    const missing = await act(1, 'acknowledge', technician);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    for (const ref of ['abc', '0', '99999999999']) {
      expect((await act(ref, 'clear', technician)).statusCode).toBe(422);
    }
  });
});
