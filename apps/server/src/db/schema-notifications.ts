import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { escalationPolicies, parentColumn, ts, users } from './schema.ts';
import { alarms } from './schema-alarms.ts';
import { purchaseOrders } from './schema-inventory.ts';

/** `not_sent`: no mail server is configured (the local transport kept it; nothing left the installation). */
export type EmailStatus = 'queued' | 'sent' | 'failed' | 'not_sent';
export type NotificationSeverity = 'critical' | 'high' | 'medium' | 'low';

/**
 * Every email the product sends (alarm notifications, escalations, invitations, ...). Rows are queued in
 * the caller's transaction (the email outbox's `enqueue`, features/mail/outbox-repo.ts) and delivered
 * by the outbox worker; Mandrill webhook events fill the delivery columns (spec section 3: sent at, delivered, opened, clicked, rejected, spam
 * complaint, soft bounce, bounced).
 */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    locale: text('locale').notNull().default('en-US'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    alarmId: integer('alarm_id').references(() => alarms.id, { onDelete: 'cascade' }),
    /** The purchase order this email sent to its supplier. */
    purchaseOrderId: integer('purchase_order_id').references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Escalation tier of an alarm email: 0 = first notification, 1.. = escalation rounds. */
    tier: integer('tier').notNull().default(0),
    status: text('status').$type<EmailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    deliveredAt: ts('delivered_at'),
    openedAt: ts('opened_at'),
    clickedAt: ts('clicked_at'),
    rejectedAt: ts('rejected_at'),
    spamAt: ts('spam_at'),
    softBouncedAt: ts('soft_bounced_at'),
    bouncedAt: ts('bounced_at'),
  },
  (t) => [
    index('email_messages_pending_idx').on(t.nextAttemptAt).where(sql`status = 'queued'`),
    index('email_messages_alarm_idx').on(t.alarmId, t.createdAt),
    index('email_messages_provider_idx').on(t.providerMessageId),
    index('email_messages_po_idx').on(t.purchaseOrderId),
  ],
);

/** Binary column: pg returns a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Files sent with an email, stored with it so a retry sends exactly what was queued. */
export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: serial('id').primaryKey(),
    emailId: parentColumn('email_id', () => emailMessages.id),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('email_attachments_email_idx').on(t.emailId)],
);

/** A member's email notification preferences; no row means the defaults below. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  minSeverity: text('min_severity').$type<NotificationSeverity>().notNull().default('high'),
  /** 'HH:MM' in the user's time zone; both null = no quiet hours. A start after the end spans midnight. */
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  timeZone: text('time_zone').notNull().default('America/Chicago'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Where an open alarm's paging chain stands (features/oncall/engine.ts): the policy chosen at raise,
 * the next step to page and in which run of the chain, and when it is due.
 */
export const alarmEscalations = pgTable(
  'alarm_escalations',
  {
    alarmId: integer('alarm_id')
      .primaryKey()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    policyId: integer('policy_id').references(() => escalationPolicies.id, { onDelete: 'set null' }),
    /** The next step to page (0-based). */
    nextStep: integer('next_step').notNull().default(0),
    /** The run of the chain that step belongs to: 0, then 1..repeat. */
    cycle: integer('cycle').notNull().default(0),
    lastNotifiedAt: ts('last_notified_at'),
    /** Null once escalation is over (acknowledged, cleared, or no repeat). */
    nextAt: ts('next_at'),
  },
  (t) => [index('alarm_escalations_due_idx').on(t.nextAt).where(sql`next_at is not null`)],
);
