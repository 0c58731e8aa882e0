import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../../lib/sql.ts';
import { addOutsider, type SeededAlarm, seedAlarms } from '../../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../../test/app.ts';
import { headers } from '../../../test/helpers.ts';
import { createMaintenanceRepo } from '../../maintenance/repo.ts';
import { createHoldExpiry } from '../nuisance/hold-expiry.ts';
import { createHoldExpiryRepo } from '../nuisance/hold-expiry-repo.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let open: SeededAlarm;
let cleared: SeededAlarm;

beforeAll(async () => {
  t = await createTestApp();
  await addOutsider(t.database.db, 'vv-manager@example.com');
  for (const who of ['manager', 'technician', 'viewer']) tokens[who] = await login(t.app, `${who}@example.com`);
  tokens.other = await login(t.app, 'vv-manager@example.com');
  // FreshMart #101 (controller 0): the manager and the viewer see it.
  [open, cleared] = (await seedAlarms(t.database.db, [
    { controller: 0, status: 'active' },
    { controller: 0, status: 'cleared' },
  ])) as [SeededAlarm, SeededAlarm];
});
afterAll(() => t?.close());

const post = (url: string, who: string | null, payload?: object, locale?: string) =>
  t.app.inject({ method: 'POST', url, headers: headers(who ? tokens[who] : null, locale), payload });
const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: headers(tokens[who]) });
const refs = async (url: string) => (await get(url, 'manager')).json().data.map((a: { ref: number }) => a.ref);

describe('shelving', () => {
  it('refuses 0 and 2000 minutes, an empty reason, and anonymous callers first', async () => {
    for (const body of [
      { minutes: 0, reason: 'x' },
      { minutes: 2000, reason: 'x' },
      { minutes: 30, reason: ' ' },
    ]) {
      const res = await post(`/api/alarms/${open.ref}/shelve`, 'manager', body, 'es-MX');
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe('Algunos campos no son válidos.');
    }
    expect((await post(`/api/alarms/${open.ref}/shelve`, null, { minutes: 0 })).statusCode).toBe(401);
    expect((await refs('/api/alarms?status=shelved')).length).toBe(0);
  });

  it('keeps to the scope and needs alarms_acknowledge', async () => {
    const body = { minutes: 30, reason: 'Sensor being replaced' };
    expect((await post(`/api/alarms/${open.ref}/shelve`, 'other', body)).statusCode).toBe(404);
    expect((await post(`/api/alarms/${open.ref}/shelve`, 'viewer', body)).statusCode).toBe(403);
    expect((await post(`/api/alarms/${cleared.ref}/shelve`, 'manager', body)).statusCode).toBe(409);
    expect((await post(`/api/alarms/${open.ref}/unshelve`, 'manager')).statusCode).toBe(409);
  });

  it('shelves: who, why and until when; out of the default list and the Active tile; audited', async () => {
    const before = (await get('/api/alarms/stats', 'manager')).json().data;
    const res = await post(`/api/alarms/${open.ref}/shelve`, 'manager', {
      minutes: 30,
      reason: 'Sensor being replaced',
    });
    expect(res.statusCode).toBe(200);
    const shelved = res.json().data;
    expect(shelved).toMatchObject({
      status: 'active',
      shelve_reason: 'Sensor being replaced',
      shelved_by: { name: expect.any(String) },
    });
    expect(Date.parse(shelved.shelved_until) - t.clock.now.getTime()).toBe(30 * 60_000);
    expect(await refs('/api/alarms?per_page=100')).not.toContain(open.ref);
    expect(await refs('/api/alarms?status=shelved')).toEqual([open.ref]);
    const after = (await get('/api/alarms/stats', 'manager')).json().data;
    expect(after.active).toBe(before.active - 1);
    expect(after.shelved).toBe(before.shelved + 1);
    const [audit] = await query<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where subject_type = 'alarm' and subject_id = ${String(open.ref)} order by id desc limit 1`,
    );
    expect(audit?.action).toBe('alarm.shelve');
  });

  it('returns by itself when the time is up, announced and notified again', async () => {
    const db = t.database.db;
    const holds = createHoldExpiry({ repo: createHoldExpiryRepo(db), maintenance: createMaintenanceRepo(db) });
    const events = await holds.expireShelvings(new Date(t.clock.now.getTime() + 31 * 60_000), db);
    expect(events.map((e) => [e.name, e.args[0].ref, e.args[0].shelved_until])).toEqual([
      ['alarm.updated', open.ref, null],
    ]);
    expect(await refs('/api/alarms?per_page=100')).toContain(open.ref);
    const [row] = await query<{ unshelved: number; ended: boolean }>(
      t.database.db,
      sql`select (select count(*)::int from notification_outbox where alarm_id = ${open.id} and event = 'unshelved') as unshelved,
        (select ended_at = until from alarm_shelvings where alarm_id = ${open.id}) as ended`,
    );
    expect(row).toEqual({ unshelved: 1, ended: true });
  });

  it('unshelves on request, and a clear ends a shelving', async () => {
    await post(`/api/alarms/${open.ref}/shelve`, 'technician', { minutes: 5, reason: 'Defrost' });
    const res = await post(`/api/alarms/${open.ref}/unshelve`, 'manager');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ shelved_until: null, shelved_by: null, shelve_reason: null });
    await post(`/api/alarms/${open.ref}/shelve`, 'technician', { minutes: 60, reason: 'Defrost' });
    expect((await post(`/api/alarms/${open.ref}/clear`, 'manager')).json().data).toMatchObject({
      status: 'cleared',
      shelved_until: null,
    });
    const [open_] = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from alarm_shelvings where alarm_id = ${open.id} and ended_at is null`,
    );
    expect(open_?.n).toBe(0);
  });
});
