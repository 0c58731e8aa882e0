import type { PushPayload } from '@rcm/shared/channels';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import { toDate } from '../../lib/sql.ts';
import { type AlarmRef, queueAlarmEmails, refOf } from '../notifications/alarm-emails.ts';
import { type AlarmRow, loadAlarm } from '../notifications/alarm-outbox-repo.ts';
import type { Recipient } from '../notifications/recipients.ts';
import { alarmLink } from '../notifications/templates.ts';
import { ackLinkUrl, createAckLinkFor } from './ack-links-repo.ts';
import { pushText, smsText } from './alarm-text.ts';
import {
  claimDueDeliveries,
  type DueDelivery,
  dropDelivery,
  holdDelivery,
  markDelivery,
  recipientOf,
  retryDelivery,
} from './deliver-repo.ts';
import { type PushSender, sendPush } from './push.ts';
import { activeAlarmsPaging, dropSubscription, subscriptionsOf } from './push-repo.ts';
import type { TwilioClient } from './twilio.ts';

/** A claimed delivery not finished within this lease (its worker died) is tried again. */
const CLAIM_LEASE_MS = 5 * 60_000;
/** Tries before a delivery is marked failed. */
export const DELIVERY_ATTEMPTS = 5;

/** Retry backoff: 30 s, 1 min, 2 min, 4 min, at most 30 min (a page is urgent). */
export const deliveryBackoffMs = (attempts: number) => Math.min(30 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/** What the channels' worker pass needs (the notification worker's dependencies). */
export type DeliveryDeps = {
  db: Db;
  bus: EventBus;
  publicUrl: string;
  now: () => Date;
  /** Null: SMS and calls are not configured (their deliveries fail, saying so). */
  twilio?: TwilioClient | null;
  /** Web Push (VAPID keys; absent: push deliveries fail, saying so). */
  push?: PushSender | null;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

/** Where Twilio posts what became of a message or call (features/channels/twilio-routes.ts). */
export const twilioStatusUrl = (publicUrl: string) => `${publicUrl}/api/twilio/status`;
export const twilioVoiceUrl = (publicUrl: string, pageId: number) => `${publicUrl}/api/twilio/voice/${pageId}`;

/**
 * Sends the pages whose time has come (SMS, calls, emails a rule delayed), outside any transaction
 * and outside the alarm engine and ingest. A page of an alarm no longer active is dropped (its rule
 * fires only while nobody acknowledged); a shelved alarm's waits. A failure is kept on the page
 * (`detail`) and tried again with backoff, then the page is failed.
 */
export async function deliverPages(deps: DeliveryDeps, limit = 20): Promise<number> {
  const now = deps.now();
  const claimed = await claimDueDeliveries(deps.db, now, new Date(now.getTime() + CLAIM_LEASE_MS), limit);
  const changed = new Map<number, AlarmRef>();
  for (const page of claimed) {
    const alarm = await loadAlarm(deps.db, Number(page.alarm_id));
    if (alarm) changed.set(Number(alarm.id), refOf(alarm));
    if (alarm?.status !== 'active' || alarm.suppressed || page.user_id == null) {
      // Never tried: not a page. Tried and failing: it failed (its reason stays in `detail`).
      if (Number(page.attempts) > 1) await retryDelivery(deps.db, page.id, { next: null, detail: null });
      else await dropDelivery(deps.db, page.id);
      continue;
    }
    if (alarm.shelved_until != null && toDate(alarm.shelved_until) > now) {
      await holdDelivery(deps.db, page.id, toDate(alarm.shelved_until));
      continue;
    }
    try {
      await deliver(deps, page, alarm);
    } catch (err) {
      const detail = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const attempts = Number(page.attempts);
      const next = attempts >= DELIVERY_ATTEMPTS ? null : new Date(deps.now().getTime() + deliveryBackoffMs(attempts));
      await retryDelivery(deps.db, page.id, { next, detail });
      deps.log?.warn({ pageId: page.id, channel: page.channel, attempts, err: detail }, 'channels: delivery failed');
    }
  }
  for (const ref of changed.values()) deps.bus.emit('notification.updated', ref);
  return claimed.length;
}

async function deliver(deps: DeliveryDeps, page: DueDelivery, alarm: AlarmRow): Promise<void> {
  const person = await recipientOf(deps.db, Number(page.user_id));
  if (!person) {
    await dropDelivery(deps.db, page.id);
    return;
  }
  if (page.channel === 'email') {
    // A rule's later email: a reminder unless it is the chain's first page.
    const tier = page.step === 1 && page.cycle === 0 ? 0 : page.step - 1 + page.cycle;
    const [emailId = null] = await queueAlarmEmails(deps.db, deps, alarm, [person], tier);
    await markDelivery(deps.db, page.id, { status: 'queued', emailId });
    return;
  }
  if (page.channel === 'push') {
    await deliverPush(deps, page, alarm, person);
    return;
  }
  if (page.channel !== 'sms' && page.channel !== 'voice') throw new Error(`no sender for ${page.channel}`);
  if (!page.address || !page.verified) {
    await markDelivery(deps.db, page.id, { status: 'failed', detail: 'The number was removed or is not verified.' });
    return;
  }
  if (!deps.twilio)
    throw new Error('SMS and calls are not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM).');
  const callback = twilioStatusUrl(deps.publicUrl);
  if (page.channel === 'sms') {
    const token = await createAckLinkFor(deps.db, { alarmId: alarm.id, userId: person.userId, at: deps.now() });
    const text = smsText(alarm, {
      locale: person.locale,
      timeZone: person.timeZone,
      ackUrl: token ? ackLinkUrl(deps.publicUrl, token) : null,
    });
    const sent = await deps.twilio.sms(page.address, text, callback);
    await markDelivery(deps.db, page.id, { status: 'sent', providerId: sent.sid });
  } else {
    const placed = await deps.twilio.call(page.address, { url: twilioVoiceUrl(deps.publicUrl, page.id) }, callback);
    await markDelivery(deps.db, page.id, { status: 'sent', providerId: placed.sid });
  }
}

/**
 * A push to every device of the person: the alarm in their language, its one-tap acknowledge link,
 * their active alarms for the app badge. A device its push service says is gone (404/410) is
 * unsubscribed; sent once any device took it; failed when none is left; else retried.
 */
async function deliverPush(deps: DeliveryDeps, page: DueDelivery, alarm: AlarmRow, person: Recipient): Promise<void> {
  if (!deps.push) throw new Error('Push is not available on this instance.');
  const devices = await subscriptionsOf(deps.db, person.userId);
  if (devices.length === 0) {
    await markDelivery(deps.db, page.id, { status: 'failed', detail: 'No device of theirs has push enabled.' });
    return;
  }
  const token = await createAckLinkFor(deps.db, { alarmId: alarm.id, userId: person.userId, at: deps.now() });
  const text = pushText(alarm, { locale: person.locale, timeZone: person.timeZone });
  const payload: PushPayload = {
    kind: 'alarm',
    ref: Number(alarm.ref),
    severity: alarm.severity,
    title: text.title,
    body: text.body,
    place: text.place,
    what: text.what,
    raised_at: toDate(alarm.raised_at).toISOString(),
    locale: person.locale,
    url: alarmLink(deps.publicUrl, Number(alarm.ref)),
    ack: token
      ? { token, url: ackLinkUrl(deps.publicUrl, token), api: `${deps.publicUrl}/api/ack-links/${token}` }
      : null,
    actions: text.actions,
    badge: await activeAlarmsPaging(deps.db, person.userId),
  };
  let sent = 0;
  let gone = 0;
  const failures: string[] = [];
  for (const device of devices) {
    const outcome = await sendPush(deps.push, device, payload);
    if (outcome.ok) sent++;
    else if (outcome.gone) {
      gone++;
      await dropSubscription(deps.db, device.id);
    } else failures.push(outcome.detail);
  }
  const detail = failures.length > 0 ? failures.join(' ') : null;
  if (sent > 0) await markDelivery(deps.db, page.id, { status: 'sent', detail });
  else if (failures.length > 0) throw new Error(detail ?? 'The push was not sent.');
  else
    await markDelivery(deps.db, page.id, {
      status: 'failed',
      detail: `The push service no longer knows this person's devices (${gone} unsubscribed).`,
    });
}
