import { z } from 'zod';

import { ALARM_SEVERITIES } from './device.ts';
import { listMeta } from './pagination.ts';

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** 'HH:MM' on a 24-hour clock. */
export function isClockTime(value: string): boolean {
  return CLOCK_TIME.test(value);
}

/** An IANA time zone this runtime knows (e.g. America/Chicago). */
export function isTimeZone(value: string): boolean {
  if (!value) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A member's email notification preferences (the account page's "Email notifications"). */
export const notificationPreferences = z.object({
  enabled: z.boolean(),
  min_severity: z.enum(ALARM_SEVERITIES),
  /** 'HH:MM' in `time_zone`; both null: no quiet hours. A start after the end spans midnight. */
  quiet_hours_start: z.string().max(5).nullable(),
  quiet_hours_end: z.string().max(5).nullable(),
  time_zone: z.string().min(1).max(64),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** The PUT body; the server checks the times and the zone and answers field errors (422). */
export const notificationPreferencesBody = notificationPreferences.strict();
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBody>;

export type PreferenceFieldIssue = {
  field: 'quiet_hours_start' | 'quiet_hours_end' | 'time_zone';
  key: 'time_format' | 'quiet_hours_pair' | 'time_zone_unknown';
};

/** The checks zod does not express: shared by the server (authoritative) and the form. */
export function preferenceIssues(body: NotificationPreferences): PreferenceFieldIssue[] {
  const issues: PreferenceFieldIssue[] = [];
  for (const field of ['quiet_hours_start', 'quiet_hours_end'] as const) {
    const v = body[field];
    if (v !== null && !isClockTime(v)) issues.push({ field, key: 'time_format' });
  }
  if (issues.length === 0 && (body.quiet_hours_start === null) !== (body.quiet_hours_end === null)) {
    issues.push({
      field: body.quiet_hours_start === null ? 'quiet_hours_start' : 'quiet_hours_end',
      key: 'quiet_hours_pair',
    });
  }
  if (issues.length === 0 && body.quiet_hours_start !== null && body.quiet_hours_start === body.quiet_hours_end) {
    issues.push({ field: 'quiet_hours_end', key: 'quiet_hours_pair' });
  }
  if (!isTimeZone(body.time_zone)) issues.push({ field: 'time_zone', key: 'time_zone_unknown' });
  return issues;
}

/** `not_sent`: no mail server is configured; the message was kept, not sent. */
export const EMAIL_STATUSES = ['queued', 'sent', 'failed', 'not_sent'] as const;

/** One alarm email (docs/requirements.md §3: email address, sent at, delivered, opened, clicked, ...). */
export const emailNotification = z.object({
  id: z.number().int(),
  kind: z.string(),
  tier: z.number().int(),
  /** The escalation policy's step (1-based, as the alarm's pages number it) that sent it; null: none did. */
  step: z.number().int().nullable(),
  email: z.string(),
  locale: z.string(),
  status: z.enum(EMAIL_STATUSES),
  alarm_ref: z.number().int().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  opened_at: z.string().nullable(),
  clicked_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
  spam_at: z.string().nullable(),
  soft_bounced_at: z.string().nullable(),
  bounced_at: z.string().nullable(),
});
export type EmailNotification = z.infer<typeof emailNotification>;

export const emailNotificationList = z.object({ data: z.array(emailNotification), meta: listMeta });
export type EmailNotificationList = z.infer<typeof emailNotificationList>;

export const emailNotificationQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
});

/** Realtime: an alarm's emails changed (queued, sent, or a delivery event); clients refetch. */
export type NotificationUpdatedEvent = { alarm_ref: number; controller_id: number };
