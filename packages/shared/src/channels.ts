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
