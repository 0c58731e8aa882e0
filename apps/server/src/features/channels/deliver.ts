import { randomUUID } from 'node:crypto';
import type { PushPayload } from '@rcm/shared/channels';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import { toDate } from '../../lib/sql.ts';
import type { EmailOutboxRepo } from '../mail/outbox-repo.ts';
import { type AckLinksRepo, ackLinkUrl, createAckLinksRepo } from './ack-links-repo.ts';
import { alarmLink } from './alarm-email-template.ts';
import { type AlarmRef, queueAlarmEmails, refOf } from './alarm-emails.ts';
import type { AlarmRow } from './alarm-message.ts';
import { createAlarmMessageRepo } from './alarm-message-repo.ts';
import { pushText, smsText } from './alarm-text.ts';
import { createDeliverRepo, type DeliverRepo, type DueDelivery } from './deliver-repo.ts';
import { type PushSender, sendPush } from './push.ts';
import { activeAlarmsPaging, dropSubscription, subscriptionsOf } from './push-repo.ts';
import type { Recipient } from './recipient.ts';
import type { TwilioClient } from './twilio.ts';

/**
 * A claimed delivery not finished within this lease (its worker died, and no restart released it) is
 * tried again; each send renews it, and a send's request gives up well within it (Twilio's client: 15 s).
 */
const CLAIM_LEASE_MS = 60_000;
/** This process's claims, when nothing names the sender (`DeliveryDeps.claimant`). */
const PROCESS_CLAIMANT = `process-${randomUUID()}`;
/** Tries before a delivery is marked failed. */
export const DELIVERY_ATTEMPTS = 5;

/** Retry backoff: 30 s, 1 min, 2 min, 4 min, at most 30 min (a page is urgent). */
export const deliveryBackoffMs = (attempts: number) => Math.min(30 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/** What the channels' worker pass needs (the notification worker's dependencies). */
export type DeliveryDeps = {
  db: Db;
  bus: EventBus;
  /** The email outbox a delayed email page is queued in. */
  outbox: EmailOutboxRepo;
  publicUrl: string;
  now: () => Date;
  /** Null: SMS and calls are not configured (their deliveries fail, saying so). */
  twilio?: TwilioClient | null;
  /** Web Push (VAPID keys; absent: push deliveries fail, saying so). */
  push?: PushSender | null;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /**
   * Who claims deliveries: a name that stays the same across restarts (`INSTANCE_ID`, or the embedded
   * database's one process) lets a restart release its own claims; unset, this process's own id.
   */
  claimant?: string;
};

/** One pass's dependencies: the worker's, with the claimant settled and the repositories it writes through. */
type Pass = DeliveryDeps & { claimant: string; repo: DeliverRepo; ackLinks: AckLinksRepo };

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
  const claimant = deps.claimant ?? PROCESS_CLAIMANT;
  const repo = createDeliverRepo(deps.db);
  const alarms = createAlarmMessageRepo(deps.db);
  const claimed = await repo.claimDueDeliveries(now, new Date(now.getTime() + CLAIM_LEASE_MS), limit, claimant);
  const changed = new Map<number, AlarmRef>();
  for (const page of claimed) {
    const alarm = await alarms.loadAlarm(Number(page.alarm_id));
    if (alarm) changed.set(Number(alarm.id), refOf(alarm));
    if (alarm?.status !== 'active' || alarm.suppressed || page.user_id == null) {
      // Never tried: not a page. Tried and failing: it failed (its reason stays in `detail`).
      if (Number(page.attempts) > 1) await repo.retryDelivery(page.id, claimant, { next: null, detail: null });
      else await repo.dropDelivery(page.id);
      continue;
    }
    if (alarm.shelved_until != null && toDate(alarm.shelved_until) > now) {
      await repo.holdDelivery(page.id, toDate(alarm.shelved_until));
      continue;
    }
    try {
      await deliver({ ...deps, claimant, repo, ackLinks: createAckLinksRepo(deps.db) }, page, alarm);
    } catch (err) {
      const detail = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const attempts = Number(page.attempts);
      const next = attempts >= DELIVERY_ATTEMPTS ? null : new Date(deps.now().getTime() + deliveryBackoffMs(attempts));
      // An answer from Twilio (an HTTP status) says it was not sent; no answer leaves it unknown.
      const unknown = !(typeof (err as { status?: unknown }).status === 'number');
      await repo.retryDelivery(page.id, claimant, { next, detail, unknown });
      deps.log?.warn({ pageId: page.id, channel: page.channel, attempts, err: detail }, 'channels: delivery failed');
    }
  }
  for (const ref of changed.values()) deps.bus.emit('notification.updated', ref);
  return claimed.length;
}

/**
 * At a sender's start: the deliveries its previous run claimed (`claimant`; null: every claim) are due
 * at once; the first pass asks Twilio before sending any whose send had begun.
 */
export function resumeInterruptedDeliveries(db: Db, claimant: string | null, now: Date): Promise<number> {
  return createDeliverRepo(db).releaseClaims(claimant, now);
}

async function deliver(deps: Pass, page: DueDelivery, alarm: AlarmRow): Promise<void> {
  const done = (r: Parameters<DeliverRepo['markDelivery']>[2]) => deps.repo.markDelivery(page.id, deps.claimant, r);
  const person = await deps.repo.recipientOf(Number(page.user_id));
  if (!person) {
    await deps.repo.dropDelivery(page.id);
    return;
  }
  if (page.channel === 'email') {
    // A rule's later email: a reminder unless it is the chain's first page.
    const tier = page.step === 1 && page.cycle === 0 ? 0 : page.step - 1 + page.cycle;
    const [emailId = null] = await queueAlarmEmails(deps.db, deps, alarm, [person], tier);
    await done({ status: 'queued', emailId });
    return;
  }
  if (page.channel === 'push') {
    await deliverPush(deps, page, alarm, person);
    return;
  }
  if (page.channel !== 'sms' && page.channel !== 'voice') throw new Error(`no sender for ${page.channel}`);
  if (!page.address || !page.verified) {
    await done({ status: 'failed', detail: 'The number was removed or is not verified.' });
    return;
  }
  if (!deps.twilio)
    throw new Error('SMS and calls are not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM).');
  const callback = twilioStatusUrl(deps.publicUrl);
  // A send that began and never heard back (its sender died): Twilio is asked before sending again.
  if (page.send_started_at != null) {
    const since = toDate(page.send_started_at);
    const found = await deps.twilio.findSent(page.channel, page.address, since, page.sent_body);
    if (found) {
      await done({ status: 'sent', providerId: found });
      return;
    }
  }
  const lease = new Date(deps.now().getTime() + CLAIM_LEASE_MS);
  if (page.channel === 'sms') {
    let text = page.sent_body;
    if (text === null) {
      const token = await deps.ackLinks.createAckLinkFor(
        { alarmId: alarm.id, userId: person.userId, at: deps.now() },
        deps.db,
      );
      text = smsText(alarm, {
        locale: person.locale,
        timeZone: person.timeZone,
        ackUrl: token ? ackLinkUrl(deps.publicUrl, token) : null,
      });
    }
    if (!(await deps.repo.beginSend(page.id, { claimant: deps.claimant, at: deps.now(), lease, body: text }))) return;
    const sent = await deps.twilio.sms(page.address, text, callback);
    await done({ status: 'sent', providerId: sent.sid });
  } else {
    if (!(await deps.repo.beginSend(page.id, { claimant: deps.claimant, at: deps.now(), lease, body: null }))) return;
    const placed = await deps.twilio.call(page.address, { url: twilioVoiceUrl(deps.publicUrl, page.id) }, callback);
    await done({ status: 'sent', providerId: placed.sid });
  }
}

/**
 * A push to every device of the person: the alarm in their language, its one-tap acknowledge link,
 * their active alarms for the app badge. A device its push service says is gone (404/410) is
 * unsubscribed; sent once any device took it; failed when none is left; else retried.
 */
async function deliverPush(deps: Pass, page: DueDelivery, alarm: AlarmRow, person: Recipient): Promise<void> {
  const done = (r: Parameters<DeliverRepo['markDelivery']>[2]) => deps.repo.markDelivery(page.id, deps.claimant, r);
  if (!deps.push) throw new Error('Push is not available on this instance.');
  const devices = await subscriptionsOf(deps.db, person.userId);
  if (devices.length === 0) {
    await done({ status: 'failed', detail: 'No device of theirs has push enabled.' });
    return;
  }
  const lease = new Date(deps.now().getTime() + CLAIM_LEASE_MS);
  if (!(await deps.repo.beginSend(page.id, { claimant: deps.claimant, at: deps.now(), lease, body: null }))) return;
  const token = await deps.ackLinks.createAckLinkFor(
    { alarmId: alarm.id, userId: person.userId, at: deps.now() },
    deps.db,
  );
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
  if (sent > 0) await done({ status: 'sent', detail });
  else if (failures.length > 0) throw new Error(detail ?? 'The push was not sent.');
  else
    await done({
      status: 'failed',
      detail: `The push service no longer knows this person's devices (${gone} unsubscribed).`,
    });
}
