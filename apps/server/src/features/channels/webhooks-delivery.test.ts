import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { advance, HOUR } from '../../test/helpers.ts';
import {
  admin,
  call,
  clock,
  createHook,
  freshmartId,
  fx,
  manager,
  ours,
  raise,
  receiver,
  testAgainst,
  useWebhooksServer,
  verify,
} from '../../test/webhooks.ts';
import { deliverWebhooks, WEBHOOK_GIVE_UP_MS, webhookBackoffMs } from './webhook-deliver.ts';

useWebhooksServer();

describe('outbound webhooks: delivery', () => {
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
