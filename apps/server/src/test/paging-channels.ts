import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import twilio from 'twilio';
import { beforeAll, expect } from 'vitest';
import { processOutbox } from '../features/notifications/alarm-outbox.ts';
import { processPaging } from '../features/oncall/paging.ts';
import { query } from '../lib/sql.ts';
import { seedAlarms } from './alarms.ts';
import { login } from './app.ts';
import { headers, userByEmail } from './helpers.ts';
import { PUBLIC_URL, useNotificationsServer } from './notifications.ts';
import { startTestTwilio, TEST_TWILIO } from './twilio.ts';

export let tw: Awaited<ReturnType<typeof startTestTwilio>>;
export let fx: ReturnType<typeof useNotificationsServer>;
export let clock: ReturnType<typeof useNotificationsServer>['clock'];
export let queueRaise: ReturnType<typeof useNotificationsServer>['queueRaise'];

export const SMS = '+13125550142';
export const VOICE = '+13125550143';
export let techId = 0;
export let smsId = 0;
export let voiceId = 0;

/** The technician's rules, through the API. */
export let techToken = '';
export async function rules(body: object[]) {
  techToken ||= await login(fx.server.app, 'technician@example.com');
  const token = techToken;
  const res = await fx.server.app.inject({
    method: 'PUT',
    url: '/api/account/notification-rules',
    headers: headers(token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A raised alarm, its outbox and paging passes run. */
export async function raise() {
  const [alarm] = await seedAlarms(fx.server.database.db, [
    { controller: 4, type: 'LOW_LIQUID_LEVEL', raisedAt: clock.now },
  ]);
  if (!alarm) throw new Error('seed failed');
  await queueRaise(alarm.id);
  await processOutbox(fx.deps);
  await processPaging(fx.deps);
  return alarm;
}

export type PageRow = {
  id: number;
  channel: string;
  status: string;
  provider_id: string | null;
  detail: string | null;
  attempts: number;
};
export const pagesOf = (alarmId: number) =>
  query<PageRow>(
    fx.server.database.db,
    sql`select id, channel, status, provider_id, detail, attempts from alarm_pages where alarm_id = ${alarmId} order by id`,
  );

/**
 * A request as Twilio sends it: form-encoded and signed over the URL and fields; an SMS reply has a
 * MessageSid of its own, as every message Twilio receives does, unless the form names one, and the
 * test Twilio server knows it as received now.
 */
export function fromTwilio(path: string, fields: Record<string, string>, signature?: string) {
  const form = path === '/api/twilio/sms' && !fields.MessageSid ? { MessageSid: newSid('SM'), ...fields } : fields;
  if (form.MessageSid && path === '/api/twilio/sms' && !tw.created.some((c) => c.sid === form.MessageSid))
    tw.receive(form.MessageSid);
  return signedByTwilio(path, form, signature);
}

/** The request as posted, signed, whether or not Twilio has such a message. */
export function signedByTwilio(path: string, form: Record<string, string>, signature?: string) {
  const url = `${PUBLIC_URL}${path}`;
  return fx.server.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signature ?? twilio.getExpectedTwilioSignature(TEST_TWILIO.TWILIO_AUTH_TOKEN, url, form),
    },
    payload: new URLSearchParams(form).toString(),
  });
}

export const newSid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

/**
 * The notifications server on a local Twilio, the technician reachable by SMS and by voice and paged by
 * LOW_LIQUID_LEVEL's policy. Registers the file's hooks.
 */
export function usePagingServer() {
  beforeAll(async () => {
    tw = await startTestTwilio();
    return () => tw.close();
  });
  fx = useNotificationsServer(() => tw.env);
  ({ clock, queueRaise } = fx);
  beforeAll(async () => {
    techToken = '';
    const db = fx.server.database.db;
    techId = (await userByEmail(fx.server.database, 'technician@example.com')).id;
    const ids = await query<{ id: number }>(
      db,
      sql`insert into contact_methods (user_id, type, address, verified_at, created_at)
          values (${techId}, 'sms', ${SMS}, now(), now()), (${techId}, 'voice', ${VOICE}, now(), now()) returning id`,
    );
    smsId = Number(ids[0]?.id);
    voiceId = Number(ids[1]?.id);
    const admin = await login(fx.server.app, 'admin@example.com');
    const policy = await fx.server.app.inject({
      method: 'POST',
      url: '/api/escalation-policies',
      headers: headers(admin),
      payload: {
        name: 'Technician by phone',
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
}
