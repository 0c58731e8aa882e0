import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { query } from '../../lib/sql.ts';
import { addUser, demoMac, seedAlarms } from '../../test/alarms.ts';
import { login } from '../../test/app.ts';
import { advance, HOUR, headers } from '../../test/helpers.ts';
import { useNotificationsServer } from '../../test/notifications.ts';
import { startWebhookReceiver } from '../../test/webhook-receiver.ts';
import { processOutbox } from '../notifications/alarm-outbox.ts';
import { processPaging } from '../oncall/paging.ts';
import { deliverWebhooks, WEBHOOK_GIVE_UP_MS, webhookBackoffMs } from './webhook-deliver.ts';

// The receiver listens on 127.0.0.1: private addresses are allowed in this file (webhooks-ssrf.test.ts
// proves the refusal without it).
const fx = useNotificationsServer(() => ({ WEBHOOK_ALLOW_PRIVATE: 'true' }));
const { clock } = fx;

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let admin = '';
let manager = '';
let northwind = '';
let freshmartId = 0;
/** The manager's language: their webhooks speak it unless told otherwise. */
let freshmartLanguage = '';
/** Demo controller indexes of FreshMart and of another organization. */
let ours = 0;
let theirs = 0;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const db = fx.server.database.db;
  admin = await login(fx.server.app, 'admin@example.com');
  // FreshMart's and Northwind's settings people (settings_update within their organization only).
  const settings = ['settings_view', 'settings_update', 'alarms_view', 'alarms_acknowledge'] as const;
  await addUser(db, { from: 'manager@example.com', email: 'settings@freshmart.test', permissions: [...settings] });
  manager = await login(fx.server.app, 'settings@freshmart.test');
  await addUser(db, {
    from: 'manager@example.com',
    email: 'manager@northwind.test',
    organizationName: 'Northwind Grocers',
    permissions: [...settings],
  });
  northwind = await login(fx.server.app, 'manager@northwind.test');
  const [org] = await query<{ id: number; language: string }>(
    db,
    sql`select u.organization_id as id, u.language from users u where u.email = 'manager@example.com'`,
  );
  freshmartId = Number(org?.id);
  freshmartLanguage = org?.language ?? '';
  const fleet = await query<{ mac_address: string; organization_id: number }>(
    db,
    sql`select mac_address, organization_id from controllers where organization_id is not null`,
  );
  const orgOf = new Map(fleet.map((c) => [c.mac_address, Number(c.organization_id)]));
  for (let i = 1; i <= 36 && (ours === 0 || theirs === 0); i++) {
    const o = orgOf.get(demoMac(i));
    if (o === freshmartId && ours === 0) ours = i;
    else if (o !== undefined && o !== freshmartId && theirs === 0) theirs = i;
  }
  expect(ours && theirs).toBeTruthy();
});
afterAll(() => receiver.close());

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  locale?: string,
) => fx.server.app.inject({ method, url: `/api${url}`, headers: headers(token, locale), payload: payload as object });

async function createHook(token: string, body: Record<string, unknown>) {
  const res = await call(token, 'POST', '/settings/webhooks', {
    events: ['alarm.raised', 'alarm.acknowledged', 'alarm.cleared', 'alarm.escalated'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { data: { id: number }; secret: string };
}

/** A webhook of every organization at `path` of the receiver, which answers `status`; "Send test" once. */
async function testAgainst(path: string, status: number, body: Record<string, unknown>) {
  receiver.answer(path, status);
  const hook = await createHook(admin, { url: receiver.url(path), organization_id: null, ...body });
  const test = await call(admin, 'POST', `/settings/webhooks/${hook.data.id}/test`);
  expect(test.statusCode, test.body).toBe(200);
  return { hook, delivery: test.json().data };
}

async function raise(controller: number) {
  const [alarm] = await seedAlarms(fx.server.database.db, [
    { controller, type: 'LOW_LIQUID_LEVEL', raisedAt: clock.now },
  ]);
  if (!alarm) throw new Error('seed failed');
  await fx.server.database.db.execute(
    sql`insert into notification_outbox (alarm_id, event) values (${alarm.id}, 'raised')`,
  );
  await processOutbox(fx.deps);
  return alarm;
}

/**
 * The receiver's check with the Standard Webhooks library. It also refuses a timestamp more than
 * 5 minutes from its own clock, so the receiver reads the test clock, as the sender does.
 */
function verify(secret: string, r: { body: string; headers: Record<string, string> }) {
  const spy = vi.spyOn(Date, 'now').mockReturnValue(clock.now.getTime());
  try {
    return new Webhook(secret).verify(r.body, {
      'webhook-id': r.headers['webhook-id'] ?? '',
      'webhook-timestamp': r.headers['webhook-timestamp'] ?? '',
      'webhook-signature': r.headers['webhook-signature'] ?? '',
    });
  } finally {
    spy.mockRestore();
  }
}

describe('outbound webhooks', () => {
  let generic: { data: { id: number }; secret: string };
  let slackId = 0;
  let teamsId = 0;

  it('creates webhooks, shows the secret once, and sends a signed generic, a Slack and a Teams message per event', async () => {
    generic = await createHook(admin, {
      name: 'Ops receiver',
      url: receiver.url('/generic'),
      kind: 'generic',
      organization_id: null,
    });
    expect(generic.secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    const shown = await call(admin, 'GET', `/settings/webhooks/${generic.data.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).not.toContain(generic.secret.slice(6));
    expect((await call(admin, 'GET', '/settings/webhooks')).body).not.toContain(generic.secret.slice(6));

    slackId = (
      await createHook(manager, {
        name: 'Store Slack',
        url: receiver.url('/slack'),
        kind: 'slack',
        organization_id: freshmartId,
      })
    ).data.id;
    teamsId = (
      await createHook(manager, {
        name: 'Store Teams',
        url: receiver.url('/teams'),
        kind: 'teams',
        organization_id: freshmartId,
        events: ['alarm.raised'],
      })
    ).data.id;

    const alarm = await raise(ours);
    const queued = await query<{ n: number }>(
      fx.server.database.db,
      sql`select count(*)::int as n from webhook_deliveries where alarm_id = ${alarm.id}`,
    );
    expect(Number(queued[0]?.n)).toBe(3);
    // Nothing leaves before the worker's pass: queued in the outbox's transaction, sent after it.
    expect(receiver.received).toHaveLength(0);
    await deliverWebhooks(fx.deps);

    const [g] = receiver.at('/generic');
    if (!g) throw new Error('no generic delivery');
    const verified = verify(generic.secret, g) as {
      type: string;
      data: { alarm: { ref: number; organization: { id: number } } };
    };
    expect(verified.type).toBe('alarm.raised');
    expect(verified.data.alarm.ref).toBe(alarm.ref);
    expect(verified.data.alarm.organization.id).toBe(freshmartId);
    expect(g.headers['webhook-id']).toMatch(/^msg_/);
    // A tampered body does not verify.
    expect(() => verify(generic.secret, { ...g, body: g.body.replace('alarm.raised', 'alarm.cleared') })).toThrow();

    const spanish = freshmartLanguage.startsWith('es');
    expect(spanish).toBe(true);
    const [s] = receiver.at('/slack');
    const slack = JSON.parse(s?.body ?? '{}');
    expect(s?.headers['webhook-signature']).toBeUndefined();
    expect(
      slack.text.startsWith(`${spanish ? 'Alarma' : 'Alarm'} #${alarm.ref} ${spanish ? 'activada' : 'raised'}: `),
    ).toBe(true);
    expect(slack.blocks.map((b: { type: string }) => b.type)).toEqual(['header', 'section', 'actions']);
    expect(slack.blocks[2].elements[0].url).toContain(`/alarms/${alarm.ref}/view`);

    const [t] = receiver.at('/teams');
    const teams = JSON.parse(t?.body ?? '{}');
    expect(teams.type).toBe('message');
    expect(teams.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    const card = teams.attachments[0].content;
    expect(card.type).toBe('AdaptiveCard');
    expect(card.body[0].text).toBe(slack.text);
    expect(card.body.find((b: { type: string }) => b.type === 'FactSet').facts.length).toBeGreaterThanOrEqual(4);
    expect(card.actions[0]).toMatchObject({
      type: 'Action.OpenUrl',
      url: expect.stringContaining(`/alarms/${alarm.ref}/view`),
    });

    // Acknowledged: the generic and Slack hooks take it (Teams takes raises only), naming who.
    const ack = await call(manager, 'POST', `/alarms/${alarm.ref}/acknowledge`);
    expect(ack.statusCode, ack.body).toBe(200);
    await processOutbox(fx.deps);
    await deliverWebhooks(fx.deps);
    const acked = receiver
      .at('/generic')
      .map((r) => verify(generic.secret, r) as { type: string; data: { by?: string } });
    expect(acked.map((a) => a.type)).toEqual(['alarm.raised', 'alarm.acknowledged']);
    expect(acked[1]?.data.by).toBeTruthy();
    expect(receiver.at('/slack')).toHaveLength(2);
    expect(receiver.at('/teams')).toHaveLength(1);
  });

  it("sends an organization's webhook only its organization's alarms; the service company's takes every one", async () => {
    const before = receiver.received.length;
    const other = await raise(theirs);
    await deliverWebhooks(fx.deps);
    const got = receiver.received.slice(before);
    expect(got.map((r) => r.path)).toEqual(['/generic']);
    expect(
      (verify(generic.secret, got[0] ?? { body: '', headers: {} }) as { data: { alarm: { ref: number } } }).data.alarm
        .ref,
    ).toBe(other.ref);
  });

  it('emits alarm.escalated when a later step of the chain pages', async () => {
    const db = fx.server.database.db;
    const techId = Number(
      (await query<{ id: number }>(db, sql`select id from users where email = 'technician@example.com'`))[0]?.id,
    );
    const policy = await call(admin, 'POST', '/escalation-policies', {
      name: 'Webhook escalation',
      organization_id: null,
      repeat: 0,
      steps: [
        { delay_minutes: 0, targets: [{ type: 'user', id: techId }] },
        { delay_minutes: 5, targets: [{ type: 'user', id: techId }] },
      ],
    });
    expect(policy.statusCode, policy.body).toBe(201);
    await db.execute(
      sql`update alarm_types set escalation_policy_id = ${policy.json().data.id} where code = 'LOW_LIQUID_LEVEL'`,
    );
    const alarm = await raise(ours);
    await processPaging(fx.deps);
    advance(clock, 6 * 60_000);
    await processPaging(fx.deps);
    await deliverWebhooks(fx.deps);
    const events = receiver
      .at('/generic')
      .filter((r) => JSON.parse(r.body).data.alarm?.ref === alarm.ref)
      .map(
        (r) =>
          verify(generic.secret, r) as {
            type: string;
            data: { alarm: { ref: number }; step?: number; paged?: string[] };
          },
      );
    // Verified with the receiver's clock at the sender's (the signature checks the timestamp).
    expect(events.map((e) => e.type)).toEqual(['alarm.raised', 'alarm.escalated']);
    expect(events[1]?.data.step).toBe(2);
    expect(events[1]?.data.paged?.length).toBe(1);
    await db.execute(sql`update alarm_types set escalation_policy_id = null where code = 'LOW_LIQUID_LEVEL'`);
  });

  it('sends a test once (a failed test is not retried); retries a failing delivery with backoff on the clock, logs every attempt and gives up after 24 h', async () => {
    const { hook, delivery: test } = await testAgainst('/failing', 500, {
      name: 'Failing',
      kind: 'generic',
      events: ['alarm.raised'],
    });
    expect(test).toMatchObject({ event: 'webhook.test', status: 'failed', attempts: 1, next_attempt_at: null });
    expect(test.attempt_log[0]).toMatchObject({ attempt: 1, status_code: 500, error_code: 'status' });
    const [sent] = receiver.at('/failing');
    expect((verify(hook.secret, sent ?? { body: '', headers: {} }) as { type: string }).type).toBe('webhook.test');
    // A day of worker passes sends the test nothing more.
    const testAt = new Date(test.created_at).getTime();
    for (
      clock.now = new Date(testAt);
      clock.now.getTime() - testAt < WEBHOOK_GIVE_UP_MS + HOUR;
      advance(clock, 2 * HOUR)
    )
      await deliverWebhooks(fx.deps);
    expect(receiver.at('/failing')).toHaveLength(1);

    // An alarm's delivery is retried.
    clock.now = new Date();
    await raise(ours);
    await deliverWebhooks(fx.deps);
    expect(receiver.at('/failing')).toHaveLength(2);
    const firstLog = await call(admin, 'GET', `/settings/webhooks/${hook.data.id}/deliveries?per_page=5`);
    const first = firstLog.json().data.find((d: { event: string }) => d.event === 'alarm.raised');
    expect(first).toMatchObject({ status: 'queued', attempts: 1 });

    // Not due before its backoff; due after it.
    const nextAt = new Date(first.next_attempt_at).getTime();
    expect(nextAt - new Date(first.attempt_log[0].at).getTime()).toBeGreaterThanOrEqual(webhookBackoffMs(1));
    clock.now = new Date(nextAt - 1000);
    await deliverWebhooks(fx.deps);
    expect(receiver.at('/failing')).toHaveLength(2);
    clock.now = new Date(nextAt);
    await deliverWebhooks(fx.deps);
    expect(receiver.at('/failing')).toHaveLength(3);
    // The same message id on every attempt (receivers deduplicate by it).
    expect(
      new Set(
        receiver
          .at('/failing')
          .slice(1)
          .map((r) => r.headers['webhook-id']),
      ).size,
    ).toBe(1);

    const created = new Date(first.created_at).getTime();
    for (let passes = 0; passes < 40 && clock.now.getTime() - created < WEBHOOK_GIVE_UP_MS + HOUR; passes++) {
      advance(clock, 2 * HOUR);
      await deliverWebhooks(fx.deps);
    }
    const log = await call(admin, 'GET', `/settings/webhooks/${hook.data.id}/deliveries?per_page=5`);
    expect(log.statusCode).toBe(200);
    expect(log.json().meta).toMatchObject({ page: 1, per_page: 5, total: 2, last_page: 1 });
    const delivery = log.json().data.find((d: { event: string }) => d.event === 'alarm.raised');
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts).toBe(receiver.at('/failing').length - 1);
    expect(delivery.attempt_log).toHaveLength(delivery.attempts);
    expect(delivery.attempt_log.every((a: { status_code: number }) => a.status_code === 500)).toBe(true);
    // Every attempt was within the 24 hours; none after.
    const last = new Date(delivery.attempt_log[0].at).getTime();
    expect(last - new Date(delivery.created_at).getTime()).toBeLessThanOrEqual(WEBHOOK_GIVE_UP_MS);
    const count = receiver.at('/failing').length;
    advance(clock, 10 * HOUR);
    await deliverWebhooks(fx.deps);
    expect(receiver.at('/failing')).toHaveLength(count);
    await call(admin, 'DELETE', `/settings/webhooks/${hook.data.id}`);
  });

  it('limits "Send test" per person: a few a minute, then 429', async () => {
    receiver.answer('/limited', 204);
    const hook = await createHook(manager, {
      name: 'Limited',
      url: receiver.url('/limited'),
      kind: 'generic',
      organization_id: freshmartId,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await call(manager, 'POST', `/settings/webhooks/${hook.data.id}/test`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(receiver.at('/limited')).toHaveLength(5);
    // Another person has a limit of their own.
    expect((await call(admin, 'POST', `/settings/webhooks/${hook.data.id}/test`)).statusCode).toBe(200);
    await call(admin, 'DELETE', `/settings/webhooks/${hook.data.id}`);
  });

  it('stops at a 410 Gone: not retried, the webhook turned off by the system (audited), its later deliveries not sent', async () => {
    const { hook, delivery } = await testAgainst('/gone', 410, {
      name: 'Archived channel',
      kind: 'slack',
      events: ['alarm.raised'],
    });
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: null });
    expect(delivery.attempt_log[0]).toMatchObject({ attempt: 1, status_code: 410, error_code: 'gone', error: null });

    const read = await call(admin, 'GET', `/settings/webhooks/${hook.data.id}`);
    expect(read.json().data.enabled).toBe(false);
    const audit = await query<{ actor_user_id: number | null; action: string; before: unknown; after: unknown }>(
      fx.server.database.db,
      sql`select actor_user_id, action, before, after from audit_log
        where subject_type = 'webhook' and subject_id = ${String(hook.data.id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['webhook.create', 'webhook.update']);
    expect(audit[1]).toMatchObject({ actor_user_id: null, before: { enabled: true }, after: { enabled: false } });

    // Turned off: an alarm raised afterwards queues nothing for it, and a day of passes sends nothing more.
    await raise(ours);
    for (let i = 0; i < 13; i++) {
      advance(clock, 2 * HOUR);
      await deliverWebhooks(fx.deps);
    }
    expect(receiver.at('/gone')).toHaveLength(1);
  });

  it('logs a receiver that cannot be reached with the network’s own words', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const hook = await createHook(admin, {
      name: 'Nobody there',
      url: `http://127.0.0.1:${port}/hook`,
      kind: 'generic',
      organization_id: null,
    });
    const test = await call(admin, 'POST', `/settings/webhooks/${hook.data.id}/test`);
    const [attempt] = test.json().data.attempt_log;
    expect(attempt).toMatchObject({ error_code: 'network', status_code: null });
    expect(attempt.error).toContain('ECONNREFUSED');
  });

  it('delivers once when several workers claim at the same time', async () => {
    const hook = await createHook(admin, {
      name: 'Once',
      url: receiver.url('/once'),
      kind: 'generic',
      organization_id: null,
      events: ['alarm.raised'],
    });
    for (let i = 0; i < 5; i++) await raise(ours);
    await Promise.all([deliverWebhooks(fx.deps), deliverWebhooks(fx.deps), deliverWebhooks(fx.deps)]);
    const ids = receiver.at('/once').map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    expect((await call(admin, 'DELETE', `/settings/webhooks/${hook.data.id}`)).statusCode).toBe(204);
  });

  it("refuses another organization's user everywhere and an organization's user the service company's webhooks", async () => {
    for (const [method, url, payload] of [
      ['GET', `/settings/webhooks/${slackId}`],
      ['PATCH', `/settings/webhooks/${slackId}`, { name: 'Mine now' }],
      ['DELETE', `/settings/webhooks/${slackId}`],
      ['GET', `/settings/webhooks/${slackId}/deliveries`],
      ['POST', `/settings/webhooks/${slackId}/test`],
      ['GET', `/settings/webhooks/${generic.data.id}`],
    ] as const) {
      const res = await call(northwind, method, url, payload);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(404);
    }
    const list = await call(northwind, 'GET', '/settings/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([]);
    const foreign = await call(northwind, 'POST', '/settings/webhooks', {
      name: 'x',
      url: receiver.url('/x'),
      kind: 'slack',
      events: ['alarm.raised'],
      organization_id: freshmartId,
    });
    expect(foreign.statusCode).toBe(422);
    const shared = await call(manager, 'POST', '/settings/webhooks', {
      name: 'x',
      url: receiver.url('/x'),
      kind: 'slack',
      events: ['alarm.raised'],
      organization_id: null,
    });
    expect(shared.statusCode).toBe(403);
    // The manager sees FreshMart's webhooks, not the service company's.
    const mine = (await call(manager, 'GET', '/settings/webhooks')).json().data.map((w: { id: number }) => w.id);
    expect(mine).toEqual(expect.arrayContaining([slackId, teamsId]));
    expect(mine).not.toContain(generic.data.id);
    expect(
      await query(fx.server.database.db, sql`select 1 from webhooks where id = ${slackId} and name = 'Store Slack'`),
    ).toHaveLength(1);
  });

  it('edits, disables and deletes a webhook with its delivery log; bad input is a localized 422', async () => {
    const bad = await call(
      manager,
      'POST',
      '/settings/webhooks',
      { name: '', url: 'ftp://x', kind: 'email', events: [], organization_id: freshmartId },
      'es-MX',
    );
    expect(bad.statusCode).toBe(422);
    const fields = bad.json().error.details.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'url', 'kind', 'events']));
    expect(bad.body).toContain('Ingresa una dirección http o https.');

    const off = await call(manager, 'PATCH', `/settings/webhooks/${slackId}`, {
      enabled: false,
      name: 'Store Slack (off)',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ enabled: false, name: 'Store Slack (off)' });
    const before = receiver.at('/slack').length;
    await raise(ours);
    await deliverWebhooks(fx.deps);
    expect(receiver.at('/slack')).toHaveLength(before);

    const deliveries = await call(manager, 'GET', `/settings/webhooks/${slackId}/deliveries`);
    expect(deliveries.json().meta.total).toBeGreaterThan(0);
    expect((await call(manager, 'DELETE', `/settings/webhooks/${slackId}`)).statusCode).toBe(204);
    expect((await call(manager, 'GET', `/settings/webhooks/${slackId}`)).statusCode).toBe(404);
    expect(
      await query(fx.server.database.db, sql`select 1 from webhook_deliveries where webhook_id = ${slackId}`),
    ).toHaveLength(0);
    const audit = await query<{ action: string }>(
      fx.server.database.db,
      sql`select action from audit_log where subject_type = 'webhook' and subject_id = ${slackId} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['webhook.create', 'webhook.update', 'webhook.delete']);
  });

  it('refuses at send time a receiver that is (or resolves to) a private address when private addresses are not allowed', async () => {
    const hook = await createHook(admin, {
      name: 'Local name',
      url: `http://localhost:${receiver.port}/rebound`,
      kind: 'generic',
      organization_id: null,
      events: ['alarm.raised'],
    });
    const test = await call(admin, 'POST', `/settings/webhooks/${hook.data.id}/test`);
    expect(test.statusCode).toBe(200);
    expect(receiver.at('/rebound')).toHaveLength(1);
    // An alarm's queued retry, sent by an instance that does not allow private addresses.
    receiver.answer('/rebound', 500);
    clock.now = new Date();
    await raise(ours);
    await deliverWebhooks(fx.deps);
    expect(receiver.at('/rebound')).toHaveLength(2);
    const queued = (await call(admin, 'GET', `/settings/webhooks/${hook.data.id}/deliveries`)).json().data[0];
    expect(queued).toMatchObject({ event: 'alarm.raised', status: 'queued' });
    clock.now = new Date(queued.next_attempt_at);
    await deliverWebhooks({ ...fx.deps, allowPrivateWebhooks: false });
    expect(receiver.at('/rebound')).toHaveLength(2);
    const log = (await call(admin, 'GET', `/settings/webhooks/${hook.data.id}/deliveries`)).json().data[0];
    expect(log.attempt_log[0]).toMatchObject({ error_code: 'private', error: null, status_code: null });
  });
});
