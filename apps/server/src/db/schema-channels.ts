/**
 * Channels (features/channels): how a paged person is reached beyond email, and how they answer.
 * A person's contact methods (phone numbers for SMS and calls, verified by a code) and notification
 * rules (which method, how long after the page); one-tap acknowledge links (only a link's hash is
 * stored). The deliveries themselves are `alarm_pages` rows (schema-oncall.ts).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { parentColumn, ts, users } from './schema.ts';
import { alarms } from './schema-alarms.ts';

/** A one-tap acknowledge link: bound to one person and one alarm, single use, 24 hours. */
export const ackLinks = pgTable(
  'ack_links',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the token in the link (the token itself is only in the email, SMS or push). */
    tokenHash: text('token_hash').notNull().unique(),
    alarmId: parentColumn('alarm_id', () => alarms.id),
    userId: parentColumn('user_id', () => users.id),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('ack_links_alarm_idx').on(t.alarmId), index('ack_links_expires_idx').on(t.expiresAt)],
);

export type ContactMethodType = 'sms' | 'voice';

/** A phone number a person is paged at by SMS or by a call; it pages only once verified. */
export const contactMethods = pgTable(
  'contact_methods',
  {
    id: serial('id').primaryKey(),
    userId: parentColumn('user_id', () => users.id),
    type: text('type').$type<ContactMethodType>().notNull(),
    /** E.164 (+ and up to 15 digits). */
    address: text('address').notNull(),
    verifiedAt: ts('verified_at'),
    /** SHA-256 of the 6-digit code sent to the number; null once verified. */
    codeHash: text('code_hash'),
    codeExpiresAt: ts('code_expires_at'),
    /** Wrong codes entered against the current code (5 spend it). */
    codeAttempts: integer('code_attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('contact_methods_user_type_address_uq').on(t.userId, t.type, t.address),
    index('contact_methods_address_idx').on(t.address),
  ],
);

export type RuleMethod = 'email' | 'push' | 'contact';

/**
 * A person's notification rules: when paged, each fires after its delay unless the alarm was
 * acknowledged. No rows: the defaults (push and email at once).
 */
export const notificationRules = pgTable(
  'notification_rules',
  {
    id: serial('id').primaryKey(),
    userId: parentColumn('user_id', () => users.id),
    position: integer('position').notNull(),
    method: text('method').$type<RuleMethod>().notNull(),
    /** With method `contact`: the number called or texted. */
    contactMethodId: integer('contact_method_id').references(() => contactMethods.id),
    delayMinutes: integer('delay_minutes').notNull(),
  },
  (t) => [
    index('notification_rules_user_idx').on(t.userId, t.position),
    index('notification_rules_contact_idx').on(t.contactMethodId),
    check('notification_rules_contact_ck', sql`(${t.method} = 'contact') = (${t.contactMethodId} is not null)`),
  ],
);

/**
 * A browser's Web Push subscription of a person (one per device and browser profile): where its push
 * service takes pushes (`endpoint`) and the keys a push is encrypted to (RFC 8291). A push service's
 * 404/410 removes it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: parentColumn('user_id', () => users.id),
    endpoint: text('endpoint').notNull().unique(),
    /** The subscription's P-256 public key, base64url. */
    p256dh: text('p256dh').notNull(),
    /** The subscription's 16-byte authentication secret, base64url. */
    auth: text('auth').notNull(),
    /** The browser that subscribed, as its User-Agent named it (shown to tell devices apart). */
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * The Twilio requests already answered, by what Twilio names them (an SMS's `MessageSid`, a call's
 * `CallSid` with its page and keys pressed, a status callback's SID and status): a signed request
 * seen again is a replay and is refused. Rows older than a day are purged (channelsTasks).
 */
export const twilioRequests = pgTable(
  'twilio_requests',
  {
    key: text('key').primaryKey(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [index('twilio_requests_received_idx').on(t.receivedAt)],
);

export const VERIFICATION_REFUSALS = ['not_pageable', 'country', 'user_limit', 'organization_limit'] as const;
export type VerificationRefusal = (typeof VERIFICATION_REFUSALS)[number];

/**
 * Every verification code asked for (by SMS or a call, on adding a number or asking again): sent, or
 * refused and why. The daily limits per person and per organization count the sent ones; the
 * organization's settings show both counts. Kept 30 days.
 */
export const verificationSends = pgTable(
  'verification_sends',
  {
    id: serial('id').primaryKey(),
    userId: parentColumn('user_id', () => users.id),
    /** The person's organization at the time (null: the service company's staff). */
    organizationId: integer('organization_id'),
    type: text('type', { enum: ['sms', 'voice'] }).notNull(),
    /** The number's country (ISO 3166 alpha-2), null when its code names none. */
    country: text('country'),
    refused: text('refused', { enum: VERIFICATION_REFUSALS }),
    at: ts('at').notNull(),
  },
  (t) => [
    index('verification_sends_user_idx').on(t.userId, t.at),
    index('verification_sends_organization_idx').on(t.organizationId, t.at),
  ],
);
