import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { addUser } from '../../test/alarms.ts';
import { login } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';
import { PUBLIC_URL, useNotificationsServer } from '../../test/notifications.ts';
import { deliverDue } from '../mail/delivery.ts';
import { remindShiftStarts } from './reminders.ts';
import { createRemindersRepo } from './reminders-repo.ts';

const fx = useNotificationsServer();
const { clock } = fx;
let adminToken = '';

/** Saturday 7 March 2026, 08:00 in Chicago (CST); the next day's 08:00 is CDT, an hour less apart. */
const FIRST = new Date('2026-03-07T14:00:00Z');
const SECOND = new Date('2026-03-08T13:00:00Z');
const minutes = (d: Date, m: number) => new Date(d.getTime() + m * 60_000);

type Reminder = { to_address: string; subject: string; text: string; locale: string };
const reminders = () =>
  query<Reminder>(
    fx.server.database.db,
    sql`select to_address, subject, text, locale from email_messages
        where kind = 'oncall_reminder' and subject like '%Dallas stores%' order by id`,
  );
const remind = () =>
  remindShiftStarts(fx.server.database.db, clock.now, {
    repo: createRemindersRepo(),
    outbox: fx.server.context.shared.outbox,
    publicUrl: PUBLIC_URL,
  });

beforeAll(async () => {
  adminToken = await login(fx.server.app, 'admin@example.com');
});

describe('shift-start reminders', () => {
  it('reminds each person once before their shift, in their language and the schedule’s time zone', async () => {
    const db = fx.server.database.db;
    const ana = await addUser(db, { from: 'technician@example.com', email: 'ana@service.test' });
    const luis = await addUser(db, { from: 'technician@example.com', email: 'luis@service.test' });
    const off = await addUser(db, { from: 'technician@example.com', email: 'off@service.test' });
    await db.execute(sql`update users set name = 'Ana', language = 'en-US' where id = ${ana.id}`);
    await db.execute(sql`update users set name = 'Luis', language = 'es-MX' where id = ${luis.id}`);
    await db.execute(sql`update users set disabled = true where id = ${off.id}`);
    const created = await fx.server.app.inject({
      method: 'POST',
      url: '/api/oncall/schedules',
      headers: headers(adminToken),
      payload: {
        name: 'Dallas stores',
        organization_id: null,
        time_zone: 'America/Chicago',
        layers: [
          { name: 'Days', user_ids: [ana.id, luis.id, off.id], starts_at: FIRST.toISOString(), shift_hours: 24 },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);

    clock.now = minutes(FIRST, -20);
    await remind();
    expect(await reminders()).toEqual([]);

    clock.now = minutes(FIRST, -14);
    await remind();
    // Run again, as a restart or a second instance would: the shift's reminder is taken.
    await remind();
    clock.now = minutes(FIRST, 1);
    await remind();
    const first = await reminders();
    expect(first.map((r) => [r.to_address, r.subject, r.locale])).toEqual([
      ['ana@service.test', 'You are on call for Dallas stores from 8:00 AM', 'en-US'],
    ]);
    expect(first[0]?.text).toContain('America/Chicago');

    // Luis's shift starts at 08:00 the next day, after the change to daylight saving time (13:00Z).
    clock.now = minutes(SECOND, -10);
    await remind();
    const second = (await reminders()).slice(1);
    expect(second.map((r) => [r.to_address, r.subject, r.locale])).toEqual([
      ['luis@service.test', 'Estás de guardia en Dallas stores desde las 8:00 a.m.', 'es-MX'],
    ]);
    expect(second[0]?.text).toContain('Luis, estás de guardia en Dallas stores');

    // The disabled participant is not reminded; the reminder records stay one per shift.
    clock.now = minutes(new Date(SECOND.getTime() + 24 * 3_600_000), -10);
    await remind();
    expect(await reminders()).toHaveLength(2);
    const rows = await query<{ n: number; with_email: number }>(
      db,
      sql`select count(*)::int as n, count(email_id)::int as with_email from oncall_reminders r
          join oncall_schedules s on s.id = r.schedule_id where s.name = 'Dallas stores'`,
    );
    expect(rows[0]).toEqual({ n: 2, with_email: 2 });

    // Delivered through the SMTP server like every other email.
    await deliverDue(fx.deps, 100);
    const received = fx.smtp.messages.filter((m) => m.subject.includes('Dallas stores'));
    expect(received.map((m) => m.to).sort()).toEqual([['ana@service.test'], ['luis@service.test']]);
  });

  it('does not remind of a shift that started long before (the server was down then)', async () => {
    const db = fx.server.database.db;
    const before = (await reminders()).length;
    // Ana's shift of 9 March started at 08:00; the task first runs at 09:00.
    clock.now = new Date('2026-03-10T14:00:00Z');
    await remind();
    expect(await reminders()).toHaveLength(before);
    const [late] = await query<{ n: number }>(
      db,
      sql`select count(*)::int as n from oncall_reminders where starts_at = '2026-03-10T13:00:00Z'`,
    );
    expect(late?.n).toBe(0);
  });
});
