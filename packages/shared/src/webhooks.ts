import { z } from 'zod';
import { LOCALES } from './locale.ts';
import { listMeta } from './pagination.ts';
import { bodyId } from './params.ts';

/** Outbound webhooks (Settings → Webhooks): the API both sides validate with. */

export const WEBHOOK_KINDS = ['slack', 'teams', 'generic'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

export const WEBHOOK_EVENTS = ['alarm.raised', 'alarm.acknowledged', 'alarm.cleared', 'alarm.escalated'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** An http(s) address (whether it may be called is the server's check: public addresses only). */
export const webhookUrl = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { message: 'webhook_url_invalid' },
  );

const name = z.string().trim().min(1).max(120);
const events = z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length);

export const webhookBody = z.object({
  name,
  url: webhookUrl,
  kind: z.enum(WEBHOOK_KINDS),
  events,
  /** Null: the service company's webhook, every organization's alarms (all-organizations staff only). */
  organization_id: bodyId.nullable(),
  enabled: z.boolean().default(true),
  /** The language of Slack and Teams messages; the creator's when not given. */
  locale: z.enum(LOCALES).optional(),
});
export type WebhookBody = z.infer<typeof webhookBody>;

export const webhookPatch = z
  .object({
    name,
    url: webhookUrl,
    kind: z.enum(WEBHOOK_KINDS),
    events,
    organization_id: bodyId.nullable(),
    enabled: z.boolean(),
    locale: z.enum(LOCALES),
  })
  .partial();
export type WebhookPatch = z.infer<typeof webhookPatch>;

export const webhook = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  kind: z.enum(WEBHOOK_KINDS),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  organization_id: z.number().int().nullable(),
  organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  enabled: z.boolean(),
  locale: z.enum(LOCALES),
  /** The latest delivery's status, if any was made. */
  last_delivery: z.object({ status: z.enum(['queued', 'sent', 'failed']), at: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Webhook = z.infer<typeof webhook>;

/** The answer to a creation: the only time the signing secret is shown. */
export const webhookCreated = z.object({ data: webhook, secret: z.string() });

/**
 * Why an attempt failed, shown in the reader's language: the webhook was off, the receiver answered
 * 410 Gone (the webhook is turned off) or another status outside 2xx, no answer in time, a private or
 * local address, not an http(s) address, or the network (refused, unknown host, reset).
 */
export const WEBHOOK_ATTEMPT_ERRORS = [
  'disabled',
  'gone',
  'status',
  'timeout',
  'private',
  'invalid_url',
  'network',
] as const;
export type WebhookAttemptError = (typeof WEBHOOK_ATTEMPT_ERRORS)[number];

export const webhookAttempt = z.object({
  attempt: z.number().int(),
  at: z.string(),
  status_code: z.number().int().nullable(),
  /** Null when the attempt was delivered. */
  error_code: z.enum(WEBHOOK_ATTEMPT_ERRORS).nullable(),
  /** What the receiver answered (its first 200 characters) or the network said, quoted as it came. */
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

export const webhookDelivery = z.object({
  id: z.number().int(),
  /** The Standard Webhooks message id (`webhook-id`), the same on every attempt. */
  message_id: z.string(),
  event: z.enum([...WEBHOOK_EVENTS, 'webhook.test']),
  alarm_ref: z.number().int().nullable(),
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  /** Every attempt, newest first. */
  attempt_log: z.array(webhookAttempt),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export const webhookDeliveries = z.object({ data: z.array(webhookDelivery), meta: listMeta });

/** "Send test": the first attempt's outcome (a failed test is retried like any delivery). */
export const webhookTestResult = z.object({ data: webhookDelivery });
