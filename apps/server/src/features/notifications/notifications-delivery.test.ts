import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { seedAlarms } from '../../test/alarms.ts';
import { headers } from '../../test/helpers.ts';
import { type EmailRow, PUBLIC_URL, useNotificationsServer, WEBHOOK_KEY } from '../../test/notifications.ts';
import { deliverDue } from '../mail/delivery.ts';
import { mandrillSignature } from '../mail/mandrill.ts';
import { createMailTransport } from '../mail/transport.ts';
import { processOutbox } from './alarm-outbox.ts';

const fx = useNotificationsServer(undefined, { subscribed: ['manager@example.com'] });
const { clock, emailsOf, queueRaise } = fx;

describe('delivery', () => {
  it('sends each message once with two workers racing', async () => {
    const [alarm] = await seedAlarms(fx.server.database.db, [
      { controller: 1, type: 'LOW_OIL_PRESSURE', raisedAt: clock.now },
    ]);
    if (!alarm) throw new Error('seed failed');
    await deliverDue(fx.deps, 100); // anything already queued, so only the 12 below are counted
    for (let i = 0; i < 12; i++) {
      await fx.server.database.db.execute(sql`insert into email_messages (kind, to_address, subject, html, text, alarm_id)
        values ('alarm', ${`race${i}@example.com`}, 'race', '<p>race</p>', 'race', ${alarm.id})`);
    }
    fx.smtp.messages.length = 0;
    const other = createMailTransport(fx.smtp.url);
    const results = await Promise.all([
      deliverDue({ ...fx.deps }, 5),
      deliverDue({ ...fx.deps, transport: other }, 5),
      deliverDue({ ...fx.deps }, 5),
      deliverDue({ ...fx.deps, transport: other }, 5),
    ]);
    other.close();
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(12);
    const ids = fx.smtp.messages.map((m) => m.emailId);
    expect(new Set(ids).size).toBe(12);
    expect(ids).toHaveLength(12);
    const rows = await emailsOf(alarm.id);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('retries with backoff, then gives up', async () => {
    fx.smtp.reject.add('busy@example.com');
    const [alarm] = await seedAlarms(fx.server.database.db, [
      { controller: 1, type: 'LOW_OIL_PRESSURE', raisedAt: clock.now },
    ]);
    if (!alarm) throw new Error('seed failed');
    await fx.server.database.db.execute(sql`insert into email_messages (kind, to_address, subject, html, text, alarm_id)
      values ('alarm', 'busy@example.com', 'retry', '<p>x</p>', 'x', ${alarm.id})`);
    const limited = { ...fx.deps, maxAttempts: 2 };
    await deliverDue(limited);
    let [row] = await emailsOf(alarm.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    // Not due again before its backoff (30 s).
    clock.now = new Date(clock.now.getTime() + 20_000);
    await deliverDue(limited);
    [row] = await emailsOf(alarm.id);
    expect(row?.attempts).toBe(1);
    clock.now = new Date(clock.now.getTime() + 15_000);
    await deliverDue(limited);
    [row] = await emailsOf(alarm.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    fx.smtp.reject.delete('busy@example.com');
  });
});

describe('Mandrill webhook', () => {
  const url = `${PUBLIC_URL}/api/webhooks/email/mandrill`;
  const post = (events: unknown[], signature?: (params: Record<string, string>) => string) => {
    const params = { mandrill_events: JSON.stringify(events) };
    return fx.server.app.inject({
      method: 'POST',
      url: '/api/webhooks/email/mandrill',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature ? { 'x-mandrill-signature': signature(params) } : {}),
      },
      payload: new URLSearchParams(params).toString(),
    });
  };

  // A critical alarm at FreshMart #102 (demo controller 1), emailed to the manager: the message the events are about.
  beforeAll(async () => {
    const [alarm] = await seedAlarms(fx.server.database.db, [
      { controller: 1, type: 'LOW_OIL_PRESSURE', raisedAt: clock.now },
    ]);
    if (!alarm) throw new Error('seed failed');
    await queueRaise(alarm.id);
    await processOutbox(fx.deps);
    await deliverDue(fx.deps);
  });

  it('answers Mandrill’s URL check', async () => {
    expect((await fx.server.app.inject({ method: 'HEAD', url: '/api/webhooks/email/mandrill' })).statusCode).toBe(200);
    expect((await fx.server.app.inject({ method: 'GET', url: '/api/webhooks/email/mandrill' })).statusCode).toBe(200);
  });

  it('changes nothing on a bad signature and fills the columns on a good one', async () => {
    const [row] = await query<EmailRow>(
      fx.server.database.db,
      sql`select * from email_messages where to_address = 'manager@example.com' and status = 'sent' order by id limit 1`,
    );
    if (!row?.provider_message_id) throw new Error('no sent email');
    const ts = Math.floor(Date.now() / 1000);
    const events = [
      { event: 'delivered', _id: row.provider_message_id, ts, msg: { _id: row.provider_message_id } },
      { event: 'open', _id: row.provider_message_id, ts: ts + 60, msg: { _id: row.provider_message_id } },
      { event: 'click', _id: row.provider_message_id, ts: ts + 90, msg: { _id: row.provider_message_id } },
      { event: 'hard_bounce', _id: 'unknown', ts, msg: { _id: 'unknown', metadata: { email_id: String(row.id) } } },
      { event: 'deferral', _id: row.provider_message_id, ts },
    ];
    const before = await emailsOf(Number((await alarmIdOf(row.id)) ?? 0));

    const unsigned = await post(events);
    expect(unsigned.statusCode).toBe(403);
    const forged = await post(events, (p) => mandrillSignature('wrong-key', url, p));
    expect(forged.statusCode).toBe(403);
    const otherUrl = await post(events, (p) => mandrillSignature(WEBHOOK_KEY, 'http://evil.test/hook', p));
    expect(otherUrl.statusCode).toBe(403);
    expect(await emailsOf(Number(await alarmIdOf(row.id)))).toEqual(before);

    const good = await post(events, (p) => mandrillSignature(WEBHOOK_KEY, url, p));
    expect(good.statusCode).toBe(200);
    const [after] = await query<EmailRow>(
      fx.server.database.db,
      sql`select * from email_messages where id = ${row.id}`,
    );
    expect(after?.delivered_at).not.toBeNull();
    expect(after?.opened_at).not.toBeNull();
    expect(after?.clicked_at).not.toBeNull();
    expect(after?.bounced_at).not.toBeNull();

    // The API shows them.
    const ref = await refOf(row.id);
    const res = await fx.server.app.inject({
      method: 'GET',
      url: `/api/alarms/${ref}/notifications`,
      headers: headers(fx.managerToken),
    });
    const shown = res.json().data.find((e: { id: number }) => e.id === row.id);
    expect(shown).toMatchObject({ email: 'manager@example.com', status: 'sent' });
    expect(shown.opened_at).toBe(new Date((ts + 60) * 1000).toISOString());
  });
});

async function alarmIdOf(emailId: number): Promise<number | null> {
  const [r] = await query<{ alarm_id: number }>(
    fx.server.database.db,
    sql`select alarm_id from email_messages where id = ${emailId}`,
  );
  return r?.alarm_id ?? null;
}
async function refOf(emailId: number): Promise<number> {
  const [r] = await query<{ ref: number }>(
    fx.server.database.db,
    sql`select a.ref from email_messages e join alarms a on a.id = e.alarm_id where e.id = ${emailId}`,
  );
  return Number(r?.ref);
}
