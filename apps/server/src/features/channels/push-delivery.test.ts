import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { seedAlarms } from '../../test/alarms.ts';
import { login } from '../../test/app.ts';
import { headers, userByEmail } from '../../test/helpers.ts';
import { PUBLIC_URL, useNotificationsServer } from '../../test/notifications.ts';
import { type ReceivedPush, startTestPushService, type TestDevice } from '../../test/push-service.ts';
import { processOutbox } from '../notifications/alarm-outbox.ts';
import { processPaging } from '../oncall/paging.ts';
import { deliverPages } from './deliver.ts';

let push: Awaited<ReturnType<typeof startTestPushService>>;
beforeAll(async () => {
  push = await startTestPushService();
  return () => push.close();
});
// The local push service listens on 127.0.0.1: private addresses are allowed in this file.
const fx = useNotificationsServer(() => ({ WEBHOOK_ALLOW_PRIVATE: 'true' }));
const { clock, queueRaise } = fx;

let techId = 0;
let tech = '';
let vapidKey = '';
let phone: TestDevice;
let laptop: TestDevice;

const api = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, payload?: unknown) =>
  fx.server.app.inject({ method, url: `/api${url}`, headers: headers(tech), payload: payload as object });

beforeAll(async () => {
  const db = fx.server.database.db;
  techId = (await userByEmail(fx.server.database, 'technician@example.com')).id;
  tech = await login(fx.server.app, 'technician@example.com');
  vapidKey = (await api('GET', '/push/public-key')).json().data.public_key;
  phone = push.subscribe();
  laptop = push.subscribe();
  for (const device of [phone, laptop]) {
    const res = await api('POST', '/account/push-subscriptions', device.json);
    expect(res.statusCode, res.body).toBe(201);
  }
  const admin = await login(fx.server.app, 'admin@example.com');
  const policy = await fx.server.app.inject({
    method: 'POST',
    url: '/api/escalation-policies',
    headers: headers(admin),
    payload: {
      name: 'Technician by push',
      organization_id: null,
      repeat: 0,
      steps: [{ delay_minutes: 0, targets: [{ type: 'user', id: techId }] }],
    },
  });
  expect(policy.statusCode, policy.body).toBe(201);
  await db.execute(
    sql`update alarm_types set escalation_policy_id = ${policy.json().data.id} where code = 'LOW_LIQUID_LEVEL'`,
  );
});

/** A raised alarm, its outbox and paging passes run. */
async function raise() {
  const [alarm] = await seedAlarms(fx.server.database.db, [
    { controller: 4, type: 'LOW_LIQUID_LEVEL', raisedAt: clock.now },
  ]);
  if (!alarm) throw new Error('seed failed');
  await queueRaise(alarm.id);
  await processOutbox(fx.deps);
  await processPaging(fx.deps);
  return alarm;
}

const pagesOf = (alarmId: number) =>
  query<{ channel: string; status: string; detail: string | null; attempts: number }>(
    fx.server.database.db,
    sql`select channel, status, detail, attempts from alarm_pages where alarm_id = ${alarmId} order by id`,
  );

const devicesLeft = async () =>
  (
    await query<{ endpoint: string }>(
      fx.server.database.db,
      sql`select endpoint from push_subscriptions where user_id = ${techId} order by id`,
    )
  ).map((r) => r.endpoint);

type Payload = {
  ref: number;
  severity: string;
  title: string;
  body: string;
  place: string;
  url: string;
  locale: string;
  ack: { token: string; url: string; api: string } | null;
  actions: { acknowledge: string; open: string };
  badge: number;
};
const payloadOf = (p: ReceivedPush | undefined) => p?.payload as Payload;

describe('push deliveries', () => {
  it('pushes the alarm, signed and encrypted, to every device of the person; its action acknowledges without a session', async () => {
    // No rules saved: the defaults, push and email at once.
    const alarm = await raise();
    expect((await pagesOf(alarm.id)).map((p) => [p.channel, p.status])).toEqual([
      ['push', 'queued'],
      ['email', 'queued'],
    ]);
    const before = push.received.length;
    await deliverPages(fx.deps);
    expect(push.errors).toEqual([]);
    const got = push.received.slice(before);
    expect(got.map((p) => p.device).sort()).toEqual([phone.id, laptop.id].sort());
    for (const p of got) {
      // VAPID: signed with the key browsers subscribed with, for this push service, by this console.
      expect(p.vapidKey).toBe(vapidKey);
      expect(p.claims.aud).toBe(push.url);
      expect(p.claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(p.claims.sub).toBe('mailto:alerts@localhost');
      expect(p).toMatchObject({ encoding: 'aes128gcm', urgency: 'high', ttl: '3600', topic: `alarm-${alarm.ref}` });
    }
    const payload = payloadOf(got[0]);
    expect(payload).toMatchObject({
      ref: alarm.ref,
      severity: 'high',
      locale: 'en-US',
      url: `${PUBLIC_URL}/alarms/${alarm.ref}/view`,
      actions: { acknowledge: 'Acknowledge', open: 'Open' },
    });
    expect(payload.title).toMatch(new RegExp(`^High: Low receiver liquid level.* #${alarm.ref}$`));
    expect(payload.body).toMatch(/since \d{1,2}:\d{2}/);
    expect(payload.place.length).toBeGreaterThan(0);
    expect(payload.body).toContain(payload.place);
    expect(payload.badge).toBeGreaterThanOrEqual(1);
    expect(payload.ack?.url).toBe(`${PUBLIC_URL}/a/${payload.ack?.token}`);
    expect(payload.ack?.api).toBe(`${PUBLIC_URL}/api/ack-links/${payload.ack?.token}`);
    expect((await pagesOf(alarm.id))[0]).toMatchObject({ channel: 'push', status: 'sent', detail: null });

    // The notification's "Acknowledge": the service worker posts the link, no session.
    const ack = await fx.server.app.inject({ method: 'POST', url: `/api/ack-links/${payload.ack?.token}` });
    expect(ack.statusCode, ack.body).toBe(200);
    const [row] = await query<{ status: string; acknowledged_by: number }>(
      fx.server.database.db,
      sql`select status, acknowledged_by from alarms where id = ${alarm.id}`,
    );
    expect(row).toMatchObject({ status: 'acknowledged', acknowledged_by: techId });
  });

  it('speaks the person’s language', async () => {
    await fx.server.database.db.execute(sql`update users set language = 'es-MX' where id = ${techId}`);
    try {
      const alarm = await raise();
      const before = push.received.length;
      await deliverPages(fx.deps);
      const payload = payloadOf(push.received.slice(before)[0]);
      expect(payload).toMatchObject({ locale: 'es-MX', actions: { acknowledge: 'Reconocer', open: 'Abrir' } });
      expect(payload.title).toMatch(new RegExp(`^Alta: Nivel de líquido bajo.* #${alarm.ref}$`));
      expect(payload.body).toContain('desde');
    } finally {
      await fx.server.database.db.execute(sql`update users set language = 'en-US' where id = ${techId}`);
    }
  });

  it('unsubscribes a device its push service says is gone (410), retries other failures, fails when no device is left', async () => {
    push.answer(phone, 410);
    const first = await raise();
    await deliverPages(fx.deps);
    // The laptop took it: sent; the phone is unsubscribed.
    expect((await pagesOf(first.id)).find((p) => p.channel === 'push')).toMatchObject({ status: 'sent' });
    expect(await devicesLeft()).toEqual([laptop.endpoint]);

    // The push service fails (500): kept on the page and tried again with backoff.
    push.answer(laptop, 500);
    const second = await raise();
    await deliverPages(fx.deps);
    expect((await pagesOf(second.id)).find((p) => p.channel === 'push')).toMatchObject({
      status: 'queued',
      attempts: 1,
      detail: 'The push service answered 500.',
    });
    expect(await devicesLeft()).toEqual([laptop.endpoint]);
    push.answer(laptop, 201);
    clock.now = new Date(clock.now.getTime() + 31_000);
    const before = push.received.length;
    await deliverPages(fx.deps);
    expect(push.received.length).toBe(before + 1);
    expect((await pagesOf(second.id)).find((p) => p.channel === 'push')).toMatchObject({ status: 'sent', attempts: 2 });

    // 404 for the last device: failed, nobody left to push to; the next page gets no push row.
    push.answer(laptop, 404);
    const third = await raise();
    await deliverPages(fx.deps);
    expect((await pagesOf(third.id)).find((p) => p.channel === 'push')).toMatchObject({ status: 'failed' });
    expect(await devicesLeft()).toEqual([]);
    const fourth = await raise();
    expect((await pagesOf(fourth.id)).map((p) => p.channel)).toEqual(['email']);
  });
});
