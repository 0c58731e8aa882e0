import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { processOutbox } from '../features/notifications/alarm-outbox.ts';
import { query } from '../lib/sql.ts';
import { addUser, demoMac, seedAlarms } from './alarms.ts';
import { login } from './app.ts';
import { headers } from './helpers.ts';
import { useNotificationsServer } from './notifications.ts';
import { startWebhookReceiver } from './webhook-receiver.ts';

/** What the webhook tests (webhooks*.test.ts but webhooks-ssrf) share: `useWebhooksServer()` sets it. */

export let fx: ReturnType<typeof useNotificationsServer>;
export let clock: ReturnType<typeof useNotificationsServer>['clock'];
export let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
export let admin = '';
export let manager = '';
export let northwind = '';
export let freshmartId = 0;
/** The manager's language: their webhooks speak it unless told otherwise. */
export let freshmartLanguage = '';
/** Demo controller indexes of FreshMart and of another organization. */
export let ours = 0;
export let theirs = 0;

/**
 * The notifications server with a local webhook receiver, the people of two organizations signed in,
 * and a controller of each. The receiver listens on 127.0.0.1: private addresses are allowed here
 * (webhooks-ssrf.test.ts proves the refusal without it). Registers the file's hooks.
 */
export function useWebhooksServer() {
  fx = useNotificationsServer(() => ({ WEBHOOK_ALLOW_PRIVATE: 'true' }));
  clock = fx.clock;
  beforeAll(async () => {
    ours = 0;
    theirs = 0;
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
}

export const call = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  locale?: string,
) => fx.server.app.inject({ method, url: `/api${url}`, headers: headers(token, locale), payload: payload as object });

export async function createHook(token: string, body: Record<string, unknown>) {
  const res = await call(token, 'POST', '/settings/webhooks', {
    events: ['alarm.raised', 'alarm.acknowledged', 'alarm.cleared', 'alarm.escalated'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { data: { id: number }; secret: string };
}

/** A webhook of every organization at `path` of the receiver, which answers `status`; "Send test" once. */
export async function testAgainst(path: string, status: number, body: Record<string, unknown>) {
  receiver.answer(path, status);
  const hook = await createHook(admin, { url: receiver.url(path), organization_id: null, ...body });
  const test = await call(admin, 'POST', `/settings/webhooks/${hook.data.id}/test`);
  expect(test.statusCode, test.body).toBe(200);
  return { hook, delivery: test.json().data };
}

export async function raise(controller: number) {
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
export function verify(secret: string, r: { body: string; headers: Record<string, string> }) {
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
