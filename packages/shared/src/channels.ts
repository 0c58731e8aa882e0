import { z } from 'zod';
import { alarmSummary } from './alarms.ts';
import { LOCALES } from './locale.ts';
import { bodyId } from './params.ts';

/** `GET/POST /api/ack-links/{token}`: the alarm a one-tap acknowledge link stands for, and its person. */
export const ackLinkView = z.object({
  alarm: alarmSummary,
  /** The person the link stands for; the page speaks their language. */
  user: z.object({ name: z.string(), locale: z.enum(LOCALES) }),
  expires_at: z.string(),
  used_at: z.string().nullable(),
});
export type AckLinkView = z.infer<typeof ackLinkView>;

/**
 * `GET /api/alarms/{ref}/my-pages`: what reached the signed-in person about the alarm (each email,
 * whatever sent it, and their SMS, call and push pages), each email with its one-tap acknowledge link
 * (`/a/{ack.token}`): `live` until used or expired. SMS and push keep no copy of their link: ack null.
 */
export const myAlarmPage = z.object({
  /** `email-{id}` or `page-{id}`: a key for the list. */
  id: z.string(),
  channel: z.enum(['email', 'sms', 'voice', 'push']),
  at: z.string(),
  status: z.enum(['queued', 'sent', 'delivered', 'failed', 'acknowledged', 'not_sent']),
  ack: z
    .object({
      state: z.enum(['live', 'used', 'expired']),
      /** Only while live, and never to someone signed in as this person. */
      token: z.string().nullable(),
      expires_at: z.string(),
    })
    .nullable(),
});
export type MyAlarmPage = z.infer<typeof myAlarmPage>;

/** A link's token as it appears in `/a/{token}` (43 base64url characters; anything else is unknown). */
export const ackLinkParams = z.object({ token: z.string().max(200) });

/** A phone number in E.164: +, a country code, at most 15 digits. */
export const E164 = /^\+[1-9]\d{6,14}$/;

export const CONTACT_METHOD_TYPES = ['sms', 'voice'] as const;
export type ContactMethodType = (typeof CONTACT_METHOD_TYPES)[number];

/** `GET /api/account/contact-methods`: a number the person is paged at; it pages once verified. */
export const contactMethod = z.object({
  id: z.number().int(),
  type: z.enum(CONTACT_METHOD_TYPES),
  address: z.string(),
  verified: z.boolean(),
  verified_at: z.string().nullable(),
  /** Until then the code sent last can be entered (null once verified). */
  code_expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type ContactMethod = z.infer<typeof contactMethod>;

export const contactMethodBody = z
  .object({
    type: z.enum(CONTACT_METHOD_TYPES),
    address: z
      .string()
      .trim()
      .transform((v) => v.replace(/[\s().-]/g, ''))
      .pipe(z.string().regex(E164, { message: 'phone_format' })),
  })
  .strict();
export type ContactMethodBody = z.input<typeof contactMethodBody>;

export const verifyCodeBody = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { message: 'code_format' }),
  })
  .strict();
export type VerifyCodeBody = z.infer<typeof verifyCodeBody>;

/** What the installation can page by (`GET /api/account/channels`): sms and voice need Twilio, push VAPID keys. */
export const channelAvailability = z.object({
  email: z.boolean(),
  push: z.boolean(),
  sms: z.boolean(),
  voice: z.boolean(),
});
export type ChannelAvailability = z.infer<typeof channelAvailability>;

/** A rule's method: email, push, or one of the person's contact methods. */
export const ruleMethod = z.union([
  z.literal('email'),
  z.literal('push'),
  z.object({ contact_method_id: bodyId }).strict(),
]);
export type RuleMethod = z.infer<typeof ruleMethod>;

export const MAX_RULE_DELAY_MINUTES = 60;
export const MAX_RULES = 20;

export const notificationRule = z.object({
  method: ruleMethod,
  delay_minutes: z.number().int().min(0).max(MAX_RULE_DELAY_MINUTES),
});
export type NotificationRule = z.infer<typeof notificationRule>;

/** `PUT /api/account/notification-rules`: the whole list (at least one rule). */
export const notificationRulesBody = z.array(notificationRule.strict()).min(1).max(MAX_RULES);

/** A saved rule as `GET` answers it: with its contact method, when it names one. */
export const notificationRuleView = notificationRule.extend({ contact_method: contactMethod.nullable() });
export type NotificationRuleView = z.infer<typeof notificationRuleView>;

/** A person's rules when they have saved none: push and email at once. */
export const DEFAULT_NOTIFICATION_RULES: readonly NotificationRule[] = [
  { method: 'push', delay_minutes: 0 },
  { method: 'email', delay_minutes: 0 },
];

/** `GET /api/push/public-key`: the VAPID application server key a browser subscribes with (base64url). */
export const pushPublicKey = z.object({ public_key: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKey>;

/** `POST /api/account/push-subscriptions`: the browser's `PushSubscription.toJSON()`. */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The subscription's P-256 public key (65 bytes, base64url). */
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, { message: 'push_key_format' }),
    /** Its 16-byte authentication secret (base64url). */
    auth: z.string().regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, { message: 'push_key_format' }),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** `DELETE /api/account/push-subscriptions`: the subscription named by its endpoint (what a browser knows of it). */
export const pushUnsubscribeBody = z.object({ endpoint: z.string().max(2000) });

/** One of the caller's push subscriptions (a device); the endpoint tells this device's apart. */
export const pushSubscriptionView = z.object({
  id: z.number().int(),
  endpoint: z.string(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
export type PushSubscriptionView = z.infer<typeof pushSubscriptionView>;

/** What a push carries to the service worker (JSON, encrypted to the subscription). */
export const pushPayload = z.object({
  kind: z.literal('alarm'),
  /** Also the notification's tag: a later push of the same alarm replaces its notification. */
  ref: z.number().int(),
  severity: z.enum(['critical', 'high', 'medium', 'low']),
  title: z.string(),
  body: z.string(),
  /** The store (location) and controller. */
  place: z.string(),
  what: z.string(),
  raised_at: z.string(),
  locale: z.enum(LOCALES),
  /** The alarm in the console. */
  url: z.string(),
  /** One-tap acknowledge (`POST /api/ack-links/{token}`); null when the person may not acknowledge. */
  ack: z.object({ token: z.string(), url: z.string(), api: z.string() }).nullable(),
  /** The notification's buttons, in the person's language. */
  actions: z.object({ acknowledge: z.string(), open: z.string() }),
  /** The person's active alarms (the app badge). */
  badge: z.number().int().min(0),
});
export type PushPayload = z.infer<typeof pushPayload>;

/** A country as ISO 3166 alpha-2 ("US", "MX"). */
const countryCode = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/));

/**
 * `PUT /api/organizations/{id}/phone-countries`: the countries its people's numbers may be in for
 * SMS and calls; null: the countries of its locations' phone numbers.
 */
export const phoneCountriesBody = z.object({ countries: z.array(countryCode).max(50).nullable() }).strict();
export type PhoneCountriesBody = z.infer<typeof phoneCountriesBody>;

/** `GET /api/organizations/{id}/phone-countries`: the setting, what applies, and the last day's verification codes. */
export const phoneCountriesView = z.object({
  /** Set by an administrator; null: `default_countries` apply. */
  countries: z.array(z.string()).nullable(),
  /** The countries of its locations' phone numbers (and of the console's own sending number). */
  default_countries: z.array(z.string()),
  /** Verification codes its people asked for in the last 24 hours: sent, and refused (limits, countries, who may be paged). */
  last_day: z.object({ sent: z.number().int(), refused: z.number().int() }),
});
export type PhoneCountriesView = z.infer<typeof phoneCountriesView>;
