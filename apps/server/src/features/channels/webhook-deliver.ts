import { randomBytes } from 'node:crypto';
import { normalizeLocale } from '@rcm/shared/locale';
import type { WebhookAttemptError, WebhookEvent, WebhookKind } from '@rcm/shared/webhooks';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook as Signer } from 'standardwebhooks';
import type { Db, DbOrTx } from '../../db/client.ts';
import { InvalidTargetError, NoAnswerError, PrivateAddressError, postGuarded } from '../../lib/public-address.ts';
import { toDate } from '../../lib/sql.ts';
import { createAuditRepo, systemActor } from '../audit/repo.ts';
import type { AlarmRow } from './alarm-message.ts';
import { alarmMessage, genericAlarm, renderBody, testMessage, type WebhookContext } from './webhook-payloads.ts';
import { type ClaimedDelivery, createWebhookQueueRepo, type WebhookQueueRepo } from './webhook-queue-repo.ts';

/** A delivery not answered within this lease (its worker died) is claimed again. */
const CLAIM_LEASE_MS = 5 * 60_000;
/** How long a delivery is retried before it is failed. */
export const WEBHOOK_GIVE_UP_MS = 24 * 3_600_000;
/** How long a receiver has to answer one attempt. */
const ATTEMPT_TIMEOUT_MS = 10_000;

/** Retry backoff: 30 s doubling per attempt, at most 2 h (about 17 attempts in the 24 hours). */
export const webhookBackoffMs = (attempts: number) => Math.min(2 * 3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));

export type WebhookDeliveryDeps = {
  db: Db;
  now: () => Date;
  /** WEBHOOK_ALLOW_PRIVATE: receivers on loopback and private addresses are allowed (tests, closed networks). */
  allowPrivateWebhooks?: boolean;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

/** A Standard Webhooks message id: the same on every attempt of one delivery (receivers dedupe by it). */
const messageId = () => `msg_${randomBytes(16).toString('base64url')}`;

/**
 * Queues one delivery per enabled webhook that takes `event` and this alarm's organization (its own,
 * or the service company's webhooks that take every organization), in the caller's transaction (the
 * outbox's or the paging chain's): nothing is sent here, the notification worker sends after commit.
 * Bodies are rendered now, in the webhook's language, so every retry sends the same bytes.
 */
export async function queueWebhookEvent(
  tx: DbOrTx,
  webhookQueue: WebhookQueueRepo,
  r: { event: WebhookEvent; alarm: AlarmRow; context?: WebhookContext; at: Date; publicUrl: string },
): Promise<number> {
  const targets = await webhookQueue.webhooksFor(r.event, Number(r.alarm.organization_id), tx);
  if (targets.length === 0) return 0;
  const org = await webhookQueue.organizationRef(Number(r.alarm.organization_id), tx);
  const context = { ...r.context };
  const actor =
    r.event === 'alarm.acknowledged'
      ? r.alarm.acknowledged_by
      : r.event === 'alarm.cleared'
        ? r.alarm.cleared_by
        : null;
  if (actor != null) context.by = (await webhookQueue.userNames([Number(actor)], tx))[0] ?? null;
  if (context.pagedUserIds) {
    context.paged = await webhookQueue.userNames(context.pagedUserIds, tx);
    delete context.pagedUserIds;
  }
  const data = {
    alarm: genericAlarm(r.alarm, org, r.publicUrl),
    ...(context.by !== undefined ? { by: context.by } : {}),
    ...(r.event === 'alarm.escalated'
      ? { step: context.step ?? 1, cycle: context.cycle ?? 0, paged: context.paged ?? [] }
      : {}),
  };
  for (const target of targets) {
    const locale = normalizeLocale(target.locale);
    const message = alarmMessage(r.event, r.alarm, context, locale, r.publicUrl);
    const body = renderBody(target.kind, { type: r.event, at: r.at, message, locale, data });
    await webhookQueue.insertDelivery(
      {
        webhookId: Number(target.id),
        event: r.event,
        alarmId: r.alarm.id,
        messageId: messageId(),
        body,
        at: r.at,
        giveUpAt: new Date(r.at.getTime() + WEBHOOK_GIVE_UP_MS),
      },
      tx,
    );
  }
  return targets.length;
}

/** The request headers: JSON, and for a generic receiver the Standard Webhooks id, timestamp and signature. */
export function webhookHeaders(d: Pick<ClaimedDelivery, 'kind' | 'secret' | 'message_id' | 'body'>, at: Date) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'refrigeration-console-webhooks/1',
  };
  if (d.kind === 'generic') {
    headers['webhook-id'] = d.message_id;
    headers['webhook-timestamp'] = String(Math.floor(at.getTime() / 1000));
    headers['webhook-signature'] = new Signer(d.secret).sign(d.message_id, at, d.body);
  }
  return headers;
}

/** Why a send was refused or failed before any answer (the receiver's own text is kept for 'network'). */
function attemptErrorOf(err: unknown): WebhookAttemptError {
  if (err instanceof PrivateAddressError) return 'private';
  if (err instanceof NoAnswerError) return 'timeout';
  if (err instanceof InvalidTargetError) return 'invalid_url';
  return 'network';
}

/** One attempt at a claimed delivery: sent, or its error logged and retried with backoff until 24 h passed. */
async function attempt(deps: WebhookDeliveryDeps, d: ClaimedDelivery): Promise<void> {
  const webhookQueue = createWebhookQueueRepo(deps.db);
  const at = deps.now();
  let statusCode: number | null = null;
  let errorCode: WebhookAttemptError | null = null;
  let error: string | null = null;
  let durationMs = 0;
  if (!d.enabled) errorCode = 'disabled';
  else {
    try {
      const answer = await postGuarded(d.url, {
        headers: webhookHeaders(d, at),
        body: d.body,
        timeoutMs: ATTEMPT_TIMEOUT_MS,
        allowPrivate: deps.allowPrivateWebhooks === true,
      });
      statusCode = answer.status;
      durationMs = answer.durationMs;
      if (answer.status === 410) errorCode = 'gone';
      else if (answer.status < 200 || answer.status >= 300) {
        errorCode = 'status';
        error = answer.body.slice(0, 200) || null;
      }
    } catch (err) {
      errorCode = attemptErrorOf(err);
      if (errorCode === 'network') error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    }
  }
  const attempts = Number(d.attempts);
  const next = new Date(deps.now().getTime() + webhookBackoffMs(attempts));
  // 410 Gone: the receiver says it is gone for good (a deleted Slack or Teams connector, a Standard
  // Webhooks endpoint asking to stop). Not retried, and the webhook is turned off (audited as a change
  // made by the system), so its later deliveries fail at once instead of retrying for a day.
  const gone = statusCode === 410;
  const giveUp = !d.enabled || gone || next > toDate(d.give_up_at);
  await deps.db.transaction(async (tx) => {
    await webhookQueue.recordAttempt(
      {
        deliveryId: Number(d.id),
        attempt: attempts,
        at,
        statusCode,
        errorCode,
        error,
        durationMs,
        next: giveUp ? null : next,
      },
      tx,
    );
    if (gone && (await webhookQueue.turnOffWebhook(Number(d.webhook_id), at, tx)))
      await createAuditRepo(deps.db).recordBy(
        systemActor(),
        {
          organizationId: d.organization_id == null ? null : Number(d.organization_id),
          action: 'webhook.update',
          subjectType: 'webhook',
          subjectId: Number(d.webhook_id),
          before: { enabled: true },
          after: { enabled: false },
        },
        tx,
      );
  });
  if (errorCode !== null)
    deps.log?.warn({ deliveryId: d.id, attempts, reason: errorCode, err: error }, 'webhooks: delivery failed');
}

/**
 * The notification worker's webhook pass: sends the deliveries whose time has come, outside any
 * transaction and outside the alarm engine and ingest.
 */
export async function deliverWebhooks(deps: WebhookDeliveryDeps, limit = 20): Promise<number> {
  const now = deps.now();
  const webhookQueue = createWebhookQueueRepo(deps.db);
  const claimed = await webhookQueue.claimDueDeliveries(now, new Date(now.getTime() + CLAIM_LEASE_MS), limit);
  for (const d of claimed) await attempt(deps, d);
  return claimed.length;
}

/**
 * "Send test": a test message queued as a delivery already claimed by this request and tried once,
 * at once: a failed test is not retried (its give-up time is its first attempt), so a receiver is
 * never sent a day of tests. Returns the delivery's id.
 */
export async function sendWebhookTest(
  deps: WebhookDeliveryDeps & { publicUrl: string },
  hook: { id: number; name: string; kind: WebhookKind; locale: string },
): Promise<number> {
  const at = deps.now();
  const locale = normalizeLocale(hook.locale);
  const message = testMessage(hook.name, locale, deps.publicUrl);
  const body = renderBody(hook.kind, {
    type: 'webhook.test',
    at,
    message,
    locale,
    data: { webhook: { id: hook.id, name: hook.name }, text: message.facts[0]?.[1] ?? '' },
  });
  const webhookQueue = createWebhookQueueRepo(deps.db);
  const id = await webhookQueue.insertDelivery(
    {
      webhookId: hook.id,
      event: 'webhook.test',
      alarmId: null,
      messageId: messageId(),
      body,
      at,
      giveUpAt: at,
      claimedUntil: new Date(at.getTime() + CLAIM_LEASE_MS),
    },
    deps.db,
  );
  const d = await webhookQueue.claimedDelivery(id);
  if (d) await attempt(deps, { ...d, enabled: true });
  return id;
}
