/**
 * Outbound webhooks (features/channels/webhooks*.ts): where alarm events are posted (Slack, Microsoft
 * Teams, or a generic receiver signed per Standard Webhooks), the queue of deliveries (an outbox the
 * notification worker claims) and every attempt with its answer.
 */
import type { WebhookAttemptError } from '@rcm/shared/webhooks';
import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { organizations, parentColumn, ts, users } from './schema.ts';
import { alarms } from './schema-alarms.ts';

export type WebhookKind = 'slack' | 'teams' | 'generic';
export type WebhookEvent = 'alarm.raised' | 'alarm.acknowledged' | 'alarm.cleared' | 'alarm.escalated';
export type WebhookDeliveryStatus = 'queued' | 'sent' | 'failed';

/** A receiver of alarm events: an organization's (its alarms only) or, null, the service company's (all). */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    kind: text('kind').$type<WebhookKind>().notNull(),
    events: jsonb('events').$type<WebhookEvent[]>().notNull(),
    /** `whsec_` + base64 of 32 random bytes: signs generic deliveries; shown once, at creation. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The language of Slack and Teams messages (en-US or es-MX). */
    locale: text('locale').notNull().default('en-US'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('webhooks_organization_idx').on(t.organizationId)],
);

/**
 * One event for one webhook: the body is rendered when the event is queued (in the transaction that
 * handles the alarm's change), so every retry sends the same bytes under the same `webhook-id`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    webhookId: parentColumn('webhook_id', () => webhooks.id),
    event: text('event').$type<WebhookEvent | 'webhook.test'>().notNull(),
    alarmId: integer('alarm_id').references(() => alarms.id, { onDelete: 'set null' }),
    /** The Standard Webhooks message id (`msg_…`), the same on every retry. */
    messageId: text('message_id').notNull().unique(),
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    nextAttemptAt: ts('next_attempt_at'),
    /** After this the delivery is failed rather than tried again (created_at + 24 h). */
    giveUpAt: ts('give_up_at').notNull(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
  ],
);

/** Every attempt at a delivery: when, how long, what the receiver answered or why it did not. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: serial('id').primaryKey(),
    deliveryId: parentColumn('delivery_id', () => webhookDeliveries.id),
    attempt: integer('attempt').notNull(),
    at: ts('at').notNull(),
    statusCode: integer('status_code'),
    /** Why the attempt failed (WEBHOOK_ATTEMPT_ERRORS); null when it was sent. */
    errorCode: text('error_code').$type<WebhookAttemptError>(),
    /** What the receiver answered or the network said, quoted as it came; null when there was nothing. */
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);
