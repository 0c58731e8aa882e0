import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { addOutsider, addUser, seedAlarms } from '../../test/alarms.ts';
import { login } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';
import { subscribeToAlarmEmails, useNotificationsServer } from '../../test/notifications.ts';
import { hashToken } from '../auth/tokens.ts';
import { processOutbox } from '../notifications/alarm-outbox.ts';

const fx = useNotificationsServer();

type Mine = { channel: string; status: string; ack: { state: string; token: string | null } | null }[];

async function myPages(token: string, ref: number) {
  const res = await fx.server.app.inject({ url: `/api/alarms/${ref}/my-pages`, headers: headers(token) });
  return { status: res.statusCode, data: res.statusCode === 200 ? (res.json().data as Mine) : [] };
}

/** Whose link to which alarm a token is. */
async function linkOf(token: string) {
  const [row] = await query<{ user_id: number; alarm_id: number }>(
    fx.server.database.db,
    sql`select user_id, alarm_id from ack_links where token_hash = ${hashToken(token)}`,
  );
  return row ? { userId: Number(row.user_id), alarmId: Number(row.alarm_id) } : null;
}

describe('GET /api/alarms/{ref}/my-pages', () => {
  it('shows each person their own emails of the alarm with their own one-tap link, nobody else’s', async () => {
    const db = fx.server.database.db;
    // No mail server needed: the links are read from the emails as they were queued.
    const colleague = await addUser(db, { from: 'manager@example.com', email: 'colleague@freshmart.test' });
    const outsider = await addOutsider(db, 'outsider@valleverde.test');
    await subscribeToAlarmEmails(db, ['manager@example.com', colleague.email, outsider.email]);
    const [freshmart, valleVerde] = await seedAlarms(db, [
      { controller: 3, type: 'LOW_OIL_PRESSURE', raisedAt: fx.clock.now },
      { controller: 5, type: 'LOW_OIL_PRESSURE', raisedAt: fx.clock.now },
    ]);
    if (!freshmart || !valleVerde) throw new Error('seed failed');
    await fx.queueRaise(freshmart.id);
    await fx.queueRaise(valleVerde.id);
    await processOutbox(fx.deps);

    const [manager] = await query<{ id: number }>(db, sql`select id from users where email = 'manager@example.com'`);
    const mine = await myPages(fx.managerToken, freshmart.ref);
    expect(mine.status).toBe(200);
    expect(mine.data).toMatchObject([{ channel: 'email', status: 'queued', ack: { state: 'live' } }]);
    const managerToken = mine.data[0]?.ack?.token ?? '';
    expect(await linkOf(managerToken)).toEqual({ userId: Number(manager?.id), alarmId: freshmart.id });

    const theirs = await myPages(await login(fx.server.app, colleague.email), freshmart.ref);
    const colleagueToken = theirs.data[0]?.ack?.token ?? '';
    expect(await linkOf(colleagueToken)).toEqual({ userId: colleague.id, alarmId: freshmart.id });
    expect(colleagueToken).not.toBe(managerToken);
    expect(JSON.stringify(theirs.data)).not.toContain(managerToken);

    // Another organization: its own alarm's link, and FreshMart's alarm is not there for it.
    const outsiderToken = await login(fx.server.app, outsider.email);
    expect((await myPages(outsiderToken, freshmart.ref)).status).toBe(404);
    const own = await myPages(outsiderToken, valleVerde.ref);
    expect(await linkOf(own.data[0]?.ack?.token ?? '')).toEqual({ userId: outsider.id, alarmId: valleVerde.id });
    expect((await myPages(fx.managerToken, valleVerde.ref)).status).toBe(404);

    // Someone signed in as the colleague (an administrator's "Sign in as") sees the page, not the link.
    const admin = await login(fx.server.app, 'admin@example.com');
    const as = await fx.server.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: headers(admin),
      payload: { user_id: colleague.id },
    });
    expect(as.statusCode).toBe(200);
    const asColleague = String(as.headers.authorization).replace(/^Bearer /, '');
    expect((await myPages(asColleague, freshmart.ref)).data).toMatchObject([
      { channel: 'email', ack: { state: 'live', token: null } },
    ]);

    // The link works once; afterwards it says so, without the token.
    const used = await fx.server.app.inject({ method: 'POST', url: `/api/ack-links/${managerToken}` });
    expect(used.statusCode).toBe(200);
    expect((await myPages(fx.managerToken, freshmart.ref)).data[0]?.ack).toMatchObject({ state: 'used', token: null });
  });

  it('asks for a session first, and a ref that is no alarm is 404', async () => {
    expect((await fx.server.app.inject({ url: '/api/alarms/1/my-pages' })).statusCode).toBe(401);
    expect((await myPages(fx.managerToken, 999_999_999)).status).toBe(404);
  });
});
