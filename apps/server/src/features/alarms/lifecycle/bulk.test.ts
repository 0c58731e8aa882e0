import type { AlarmSummary } from '@rcm/shared/alarms';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arr, query } from '../../../lib/sql.ts';
import { type AlarmSeed, type SeededAlarm, seedAlarms } from '../../../test/alarms.ts';
import { login } from '../../../test/app.ts';
import { headers, userByEmail } from '../../../test/helpers.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { type Listener, listen } from '../../../test/socket.ts';

type Progress = { request_id: string; done: number; total: number };
type Who = 'manager' | 'technician' | 'viewer';

let server: TestServer;
const tokens = {} as Record<Who, string>;
const sockets = {} as Record<Who, Listener>;
let freshMart: SeededAlarm[];
let freshMartAcknowledged: SeededAlarm[];
let valleVerde: SeededAlarm[];
let northwind: SeededAlarm[];

const many = (n: number, seed: (i: number) => AlarmSeed) => Array.from({ length: n }, (_, i) => seed(i));

beforeAll(async () => {
  server = await createTestServer();
  for (const who of ['manager', 'technician', 'viewer'] as const) {
    tokens[who] = await login(server.app, `${who}@example.com`);
    sockets[who] = await listen(server.url, tokens[who]);
  }
  const db = server.database.db;
  // FreshMart's controllers are those at locations 0–4 (index % 12).
  freshMart = await seedAlarms(
    db,
    many(1300, (i) => ({ controller: [0, 1, 2, 3, 4, 12, 13][i % 7] ?? 0 })),
  );
  freshMartAcknowledged = await seedAlarms(
    db,
    many(100, (i) => ({ controller: i % 5, status: 'acknowledged' })),
  );
  valleVerde = await seedAlarms(
    db,
    many(40, () => ({ controller: 5 })),
  );
  northwind = await seedAlarms(
    db,
    many(40, () => ({ controller: 8 })),
  );
});
afterAll(async () => {
  for (const s of Object.values(sockets)) s?.close();
  await server?.stop();
});

const bulk = (who: Who, body: object, locale?: string) =>
  server.app.inject({ method: 'POST', url: '/api/alarms/bulk', headers: headers(tokens[who], locale), payload: body });

async function statuses(alarms: SeededAlarm[]) {
  const rows = await query<{ status: string; n: number }>(
    server.database.db,
    sql`select status, count(*)::int as n from alarms where id = any(${arr(alarms.map((a) => a.id))}::int[]) group by 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** Waits for the final progress of a request, then returns every progress event of it. */
async function progressOf(who: Who, requestId: string): Promise<Progress[]> {
  await sockets[who].waitFor<Progress>('alarms.bulk.progress', (p) => p.request_id === requestId && p.done === p.total);
  return sockets[who].events
    .filter((e) => e.name === 'alarms.bulk.progress' && (e.payload as Progress).request_id === requestId)
    .map((e) => e.payload as Progress);
}

/** socket.io keeps a socket's order: once this marker arrives, anything sent to it before has too. */
async function flush(who: Who): Promise<Listener['events']> {
  const user = await userByEmail(server.database, `${who}@example.com`);
  const message = `flush-${Date.now()}-${Math.random()}`;
  server.io.to(`user:${user.id}`).emit('test', { message });
  await sockets[who].waitFor<{ message: string }>('test', (p) => p.message === message);
  return sockets[who].events;
}

describe('POST /api/alarms/bulk', () => {
  it('acknowledges everything a filter matches within scope, 500 a transaction, with progress to the caller', async () => {
    const res = await bulk('manager', { action: 'acknowledge', filter: {} });
    expect(res.statusCode).toBe(200);
    const { request_id, ...counts } = res.json().data;
    expect(request_id).toMatch(/^[0-9a-f-]{36}$/);
    // 1400 FreshMart alarms match; the 100 already acknowledged are skipped.
    expect(counts).toEqual({ updated: 1300, skipped: 100 });

    expect(await progressOf('manager', request_id)).toEqual([
      { request_id, done: 0, total: 1300 },
      { request_id, done: 500, total: 1300 },
      { request_id, done: 1000, total: 1300 },
      { request_id, done: 1300, total: 1300 },
    ]);
    // Each changed alarm was announced before the last progress event.
    const updated = sockets.manager.events
      .filter((e) => e.name === 'alarm.updated')
      .map((e) => (e.payload as AlarmSummary).ref);
    expect(new Set(updated)).toEqual(new Set(freshMart.map((a) => a.ref)));

    expect(await statuses(freshMart)).toEqual({ acknowledged: 1300 });
    expect(await statuses([...valleVerde, ...northwind])).toEqual({ active: 80 });
    const manager = await userByEmail(server.database, 'manager@example.com');
    const [written] = await query<{ by: number; n: number; outbox: number }>(
      server.database.db,
      sql`select min(a.acknowledged_by) as by, count(distinct a.id)::int as n, count(o.id)::int as outbox
          from alarms a join notification_outbox o on o.alarm_id = a.id and o.event = 'acknowledged'
          where a.id = any(${arr(freshMart.map((a) => a.id))}::int[])`,
    );
    expect(written).toEqual({ by: manager.id, n: 1300, outbox: 1300 });

    for (const other of ['viewer', 'technician'] as const) {
      expect((await flush(other)).filter((e) => e.name === 'alarms.bulk.progress')).toEqual([]);
    }
  });

  it('clears the given refs it may, and skips the rest', async () => {
    const refs = [
      ...freshMart.slice(0, 1200).map((a) => a.ref),
      ...valleVerde.slice(0, 30).map((a) => a.ref),
      ...[1, 2, 3],
    ];
    const res = await bulk('technician', { action: 'clear', refs: [...refs, ...refs.slice(0, 5)] });
    const { request_id, ...counts } = res.json().data;
    expect(counts).toEqual({ updated: 1230, skipped: 3 });
    const progress = await progressOf('technician', request_id);
    expect(progress.map((p) => [p.done, p.total])).toEqual([
      [0, 1230],
      [500, 1230],
      [1000, 1230],
      [1230, 1230],
    ]);
    expect(await statuses(freshMart)).toEqual({ cleared: 1200, acknowledged: 100 });
    expect(await statuses(valleVerde)).toEqual({ cleared: 30, active: 10 });
    expect((await flush('manager')).filter((e) => (e.payload as Progress).request_id === request_id)).toEqual([]);
  });

  it('never reaches alarms outside the caller scope, even by ref', async () => {
    const refs = [...valleVerde, ...northwind].map((a) => a.ref);
    const res = await bulk('manager', { action: 'clear', refs });
    expect(res.json().data).toMatchObject({ updated: 0, skipped: 80 });
    expect(await statuses(northwind)).toEqual({ active: 40 });
    expect(await statuses(valleVerde)).toEqual({ cleared: 30, active: 10 });
  });

  it('applies the filter fields and the statuses the action allows', async () => {
    const target = freshMartAcknowledged.filter((a) => a.controller === 2);
    const res = await bulk('manager', {
      action: 'clear',
      filter: { status: 'acknowledged', controller_id: target[0]?.controllerId },
    });
    // Controller 2's 20 seeded-acknowledged alarms, plus those of its 1300 acknowledged by filter and left uncleared.
    const left = freshMart.slice(1200).filter((a) => a.controller === 2).length;
    expect(res.json().data).toMatchObject({ updated: target.length + left, skipped: 0 });
    expect(await statuses(target)).toEqual({ cleared: target.length });
  });

  it('is forbidden without the action permission and changes nothing', async () => {
    const before = await statuses(northwind);
    for (const action of ['acknowledge', 'clear']) {
      const res = await bulk('viewer', { action, filter: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    expect(await statuses(northwind)).toEqual(before);
  });

  it.each([
    ['both refs and a filter', { action: 'clear', refs: [1], filter: {} }],
    ['neither refs nor a filter', { action: 'clear' }],
    ['an unknown action', { action: 'delete', filter: {} }],
    ['too many refs', { action: 'clear', refs: Array.from({ length: 10_001 }, (_, i) => i + 1) }],
    ['a ref out of range', { action: 'clear', refs: [99_999_999_999] }],
  ])('refuses %s with a localized 422', async (_label, body) => {
    const res = await bulk('technician', body, 'es-MX');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', message: 'Algunos campos no son válidos.' });
  });
});
