import { z } from 'zod';
import { MAX_ID } from './params.ts';

/** Days a layer's restriction covers (a window belongs to the day it starts). */
export const ONCALL_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const id = z.number().int().positive().max(MAX_ID);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time_format');
const instant = z.iso.datetime({ offset: true });
const name = z.string().trim().min(1).max(120);

/** A valid IANA time zone name (what Intl knows). */
export const timeZone = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'invalid_value' },
  );

/** Days and hours in the schedule's zone; `to` at or before `from` ends on the next day ("18:00"–"08:00"). */
export const layerRestriction = z.object({
  days: z.array(z.enum(ONCALL_DAYS)).min(1).max(7),
  from: hhmm,
  to: hhmm,
});

export const oncallLayer = z.object({
  name: z.string().trim().max(120).default(''),
  /** Participants in rotation order. */
  user_ids: z.array(id).min(1).max(50),
  starts_at: instant,
  shift_hours: z.number().int().min(1).max(744),
  restrict: layerRestriction.nullable().optional(),
});
export type OncallLayerBody = z.infer<typeof oncallLayer>;

/** POST /api/oncall/schedules; PATCH takes any of its fields (layers replace the schedule's layers). */
export const scheduleBody = z.object({
  name,
  /** Null: the service company's own, shared with every organization. */
  organization_id: id.nullable(),
  time_zone: timeZone.default('America/Chicago'),
  layers: z.array(oncallLayer).max(10).default([]),
});
export type ScheduleBody = z.infer<typeof scheduleBody>;
export const schedulePatch = z.object({
  name: name.optional(),
  organization_id: id.nullable().optional(),
  time_zone: timeZone.optional(),
  layers: z.array(oncallLayer).max(10).optional(),
});
export type SchedulePatch = z.infer<typeof schedulePatch>;

export const overrideBody = z
  .object({ user_id: id, starts_at: instant, ends_at: instant })
  .refine((o) => Date.parse(o.ends_at) > Date.parse(o.starts_at), {
    path: ['ends_at'],
    message: 'range_order',
  });
export type OverrideBody = z.infer<typeof overrideBody>;

const userRef = z.object({ id: z.number().int(), name: z.string() });

export const oncallSchedule = z.object({
  id: z.number().int(),
  name: z.string(),
  organization_id: z.number().int().nullable(),
  organisation: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  time_zone: z.string(),
  layers: z.array(
    z.object({
      name: z.string(),
      users: z.array(userRef),
      starts_at: z.string(),
      shift_hours: z.number().int(),
      restrict: layerRestriction.nullable(),
    }),
  ),
  overrides: z.array(z.object({ id: z.number().int(), user: userRef, starts_at: z.string(), ends_at: z.string() })),
  updated_at: z.string(),
});
export type OncallSchedule = z.infer<typeof oncallSchedule>;

/** GET …/shifts?from=&to=: at most 62 days. */
export const shiftsQuery = z
  .object({ from: instant, to: instant })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { path: ['to'], message: 'range_order' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 62 * 86_400_000, { path: ['to'], message: 'invalid_value' });

export const oncallShift = z.object({
  user: userRef,
  starts_at: z.string(),
  ends_at: z.string(),
  source: z.enum(['layer', 'override']),
});
export type OncallShift = z.infer<typeof oncallShift>;

export const oncallNow = z.object({
  schedule: z.object({ id: z.number().int(), name: z.string() }),
  current: userRef.nullable(),
  next: z.object({ user: userRef, starts_at: z.string() }).nullable(),
});
export type OncallNow = z.infer<typeof oncallNow>;

/** `members`: the people of the alarm's organization who may see it. */
export const escalationTarget = z.discriminatedUnion('type', [
  z.object({ type: z.literal('schedule'), id }),
  z.object({ type: z.literal('user'), id }),
  z.object({ type: z.literal('team'), id }),
  z.object({ type: z.literal('members') }),
]);
export type EscalationTarget = z.infer<typeof escalationTarget>;

export const escalationStep = z.object({
  delay_minutes: z.number().int().min(0).max(1440),
  targets: z.array(escalationTarget).min(1).max(20),
});

export const policyBody = z.object({
  name,
  organization_id: id.nullable(),
  repeat: z.number().int().min(0).max(9).default(0),
  steps: z.array(escalationStep).min(1).max(10),
});
export type PolicyBody = z.infer<typeof policyBody>;
export const policyPatch = z.object({
  name: name.optional(),
  organization_id: id.nullable().optional(),
  repeat: z.number().int().min(0).max(9).optional(),
  steps: z.array(escalationStep).min(1).max(10).optional(),
});
export type PolicyPatch = z.infer<typeof policyPatch>;

export const escalationPolicy = z.object({
  id: z.number().int(),
  name: z.string(),
  organization_id: z.number().int().nullable(),
  repeat: z.number().int(),
  is_default: z.boolean(),
  steps: z.array(z.object({ delay_minutes: z.number().int(), targets: z.array(escalationTarget) })),
  updated_at: z.string(),
});
export type EscalationPolicy = z.infer<typeof escalationPolicy>;

export const PAGE_CHANNELS = ['email', 'sms', 'voice', 'push', 'webhook'] as const;
export const PAGE_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'acknowledged'] as const;

export const alarmPage = z.object({
  step: z.number().int(),
  user: userRef.nullable(),
  channel: z.enum(PAGE_CHANNELS),
  status: z.enum(PAGE_STATUSES),
  at: z.string(),
  /** Why it failed, or what the provider said; `no_mail_server`: the email was kept, not sent. */
  detail: z.string().nullable().optional(),
  /** The alarm's escalation policy reached nobody who may see it: this page went to its default audience. */
  fallback: z.boolean(),
});
export type AlarmPage = z.infer<typeof alarmPage>;

/**
 * GET /api/oncall/warnings: a high or critical alarm type that would page nobody in an organization,
 * or at one of its locations (`location`: the location's own policy reaches nobody).
 */
export const pagingWarning = z.object({
  organization: z.object({ id: z.number().int(), name: z.string() }),
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  alarm_type: z.object({ id: z.number().int(), code: z.string(), name: z.string(), name_es: z.string() }),
});
export type PagingWarning = z.infer<typeof pagingWarning>;
