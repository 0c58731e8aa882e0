import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { addUser, seedAlarms } from '../../test/alarms.ts';
import { login } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';
import { PUBLIC_URL, useNotificationsServer } from '../../test/notifications.ts';
import { deliverDue } from '../mail/delivery.ts';
import { processOutbox } from '../notifications/alarm-outbox.ts';

const fx = useNotificationsServer();
const { emailsOf, queueRaise } = fx;

let ackerId = 0;
beforeAll(async () => {
  // A member who acknowledges, and one who may only look (the raise email reaches both).
  ackerId = (await addUser(fx.server.database.db, { from: 'manager@example.com', email: 'acker@freshmart.test' })).id;
  await addUser(fx.server.database.db, {
    from: 'manager@example.com',
    email: 'looker@freshmart.test',
    permissions: ['alarms_view', 'controllers_view'],
  });
  await fx.server.database.db.execute(sql`insert into notification_preferences (user_id, enabled, min_severity, time_zone)
    select id, true, 'low', 'America/Chicago' from users where email in ('acker@freshmart.test', 'looker@freshmart.test')`);
});

const LINK = new RegExp(`${PUBLIC_URL}/a/([A-Za-z0-9_-]{43})`);

/** A raised alarm's emails, delivered through the SMTP server; the link in each by address. */
async function raiseAndMail(): Promise<{
  ref: number;
  links: Map<string, string | undefined>;
  ids: Map<string, number>;
}> {
  const [alarm] = await seedAlarms(fx.server.database.db, [{ controller: 4, type: 'LOW_LIQUID_LEVEL' }]);
  if (!alarm) throw new Error('seed failed');
  await queueRaise(alarm.id);
  await processOutbox(fx.deps);
  await deliverDue(fx.deps);
  const links = new Map<string, string | undefined>();
  const ids = new Map<string, number>();
  for (const m of await emailsOf(alarm.id)) {
    links.set(m.to_address, LINK.exec(m.text)?.[1]);
    ids.set(m.to_address, Number(m.id));
  }
  return { ref: alarm.ref, links, ids };
}

const call = (method: 'GET' | 'POST', token: string, locale = 'en-US') =>
  fx.server.app.inject({ method, url: `/api/ack-links/${token}`, headers: { 'x-locale': locale } });

describe('one-tap acknowledge links', () => {
  it('each email carries its person’s link; it acknowledges once, as that person, with no sign-in', async () => {
    const { ref, links, ids } = await raiseAndMail();
    const token = links.get('acker@freshmart.test');
    expect(token).toBeDefined();
    // Only who may acknowledge gets a link (a link that can only answer 403 helps nobody).
    expect(links.has('looker@freshmart.test')).toBe(true);
    expect(links.get('looker@freshmart.test')).toBeUndefined();
    // The message that left through SMTP carries it, in text and HTML.
    const sent = fx.smtp.messages.find((m) => m.emailId === ids.get('acker@freshmart.test'));
    expect(sent?.body).toContain(`${PUBLIC_URL}/a/${token}`);
    expect(sent?.body).toContain(`href="${PUBLIC_URL}/a/${token}"`);
    // Only the hash is stored.
    const stored = await query<{ n: number }>(
      fx.server.database.db,
      sql`select count(*)::int as n from ack_links where token_hash = ${token ?? ''}`,
    );
    expect(stored[0]?.n).toBe(0);

    const preview = await call('GET', token ?? '');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.alarm).toMatchObject({ ref, status: 'active' });
    expect(preview.json().data.user.name).toBe('acker@freshmart.test');
    expect(preview.json().data.used_at).toBeNull();

    const ack = await call('POST', token ?? '');
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json().data.alarm.status).toBe('acknowledged');
    const [row] = await query<{ acknowledged_by: number }>(
      fx.server.database.db,
      sql`select acknowledged_by from alarms where ref = ${ref}`,
    );
    expect(Number(row?.acknowledged_by)).toBe(ackerId);

    const again = await call('POST', token ?? '', 'es-MX');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'link_used', message: 'Este enlace para reconocer ya se usó.' });
    expect((await call('GET', token ?? '')).json().data.used_at).not.toBeNull();
  });

  it('unknown and expired links are 404; a person no longer allowed is refused with 403', async () => {
    expect((await call('GET', 'nope')).statusCode).toBe(404);
    expect((await call('POST', 'x'.repeat(43))).statusCode).toBe(404);

    const first = await raiseAndMail();
    const expired = first.links.get('acker@freshmart.test') ?? '';
    await fx.server.database.db.execute(
      sql`update ack_links set expires_at = now() - interval '1 second' where alarm_id = (select id from alarms where ref = ${first.ref})`,
    );
    expect((await call('GET', expired)).statusCode).toBe(404);
    expect((await call('POST', expired)).statusCode).toBe(404);

    const second = await raiseAndMail();
    const token = second.links.get('acker@freshmart.test') ?? '';
    await fx.server.database.db.execute(sql`update users set disabled = true where id = ${ackerId}`);
    expect((await call('POST', token)).statusCode).toBe(403);
    await fx.server.database.db.execute(sql`update users set disabled = false where id = ${ackerId}`);
    // Moved to other stores: the alarm is out of their reach.
    await fx.server.database.db.execute(sql`update users set all_locations = false where id = ${ackerId}`);
    expect((await call('GET', token)).statusCode).toBe(403);
    expect((await call('POST', token)).statusCode).toBe(403);
    await fx.server.database.db.execute(sql`update users set all_locations = true where id = ${ackerId}`);

    // Someone acknowledged it in the console first: the link is not spent, the alarm says why.
    const manager = await login(fx.server.app, 'manager@example.com');
    const console = await fx.server.app.inject({
      method: 'POST',
      url: `/api/alarms/${second.ref}/acknowledge`,
      headers: headers(manager),
    });
    expect(console.statusCode).toBe(200);
    const late = await call('POST', token);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('already_acknowledged');
    expect((await call('GET', token)).json().data).toMatchObject({ used_at: null, alarm: { status: 'acknowledged' } });
  });
});
