import { z } from 'zod';
import { phoneNumber } from './accounts.ts';
import { requiredEnum } from './auth.ts';
import { LOCALES } from './locale.ts';
import { bodyId } from './params.ts';
import { PERMISSIONS } from './permissions.ts';

/** Settings (users, teams, roles, alarm types) and the audit log: the API both sides validate with. */

const ref = z.object({ id: z.number().int(), name: z.string() });
const page = z.coerce.number().int().min(1).default(1);
const perPage = z.coerce.number().int().min(1).max(100).default(25);
const text = z.string().trim().max(200).optional();

export const settingsListQuery = z.object({ q: text, page, per_page: perPage });
export type SettingsListQuery = z.infer<typeof settingsListQuery>;

export const roleRef = z.object({ id: z.number().int(), name: z.string(), color: z.string() });

export const settingsUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  language: z.enum(LOCALES),
  phone: z.string(),
  disabled: z.boolean(),
  role: roleRef,
  team: ref.nullable(),
  organisation: ref,
  all_locations: z.boolean(),
  location_ids: z.array(z.number().int()),
  /** Their role's permissions: the console offers edit and "sign in as" only for users within the caller's. */
  permissions: z.array(z.string()),
  /** Whether they have a verified second factor (an administrator can reset their factors). */
  mfa_enrolled: z.boolean(),
});
export type SettingsUser = z.infer<typeof settingsUser>;

export const userUpdateBody = z.object({
  name: z.string().trim().min(1).max(120),
  email: z.string().trim().toLowerCase().email().max(254),
  role_id: bodyId,
  team_id: bodyId.nullable(),
  organization_id: bodyId,
  language: requiredEnum(LOCALES),
  disabled: z.boolean(),
  phone: phoneNumber.optional(),
});
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

/** PATCH /api/settings/users/{id}: any of the editable fields; the rest stay as they are. */
export const userPatchBody = userUpdateBody.partial();
export type UserPatchBody = z.infer<typeof userPatchBody>;

/**
 * POST /api/settings/users: the account is created without a password; the new user chooses one
 * through the emailed link (valid 7 days). Membership is `all_locations` or a set of locations.
 */
export const userCreateBody = z
  .object({
    name: z.string().trim().min(1).max(120),
    email: z.string().trim().toLowerCase().email().max(254),
    phone: phoneNumber.optional(),
    role_id: bodyId,
    team_id: bodyId.nullable().optional(),
    organization_id: bodyId,
    all_locations: z.boolean().default(false),
    location_ids: z.array(bodyId).max(500).default([]),
    language: z.enum(LOCALES).default('en-US'),
  })
  .refine((v) => v.all_locations || v.location_ids.length > 0, {
    path: ['location_ids'],
    message: 'locations_required',
  });
export type UserCreateBody = z.infer<typeof userCreateBody>;

/**
 * The answer to creating a user: the user, whether the invitation was handed to a mail server, and,
 * when none is configured, the link the email would have carried (for the administrator to pass on).
 */
export const createdUser = settingsUser.extend({
  invitation_sent: z.boolean(),
  invitation_url: z.string().optional(),
});
export type CreatedUser = z.infer<typeof createdUser>;

export const settingsTeam = z.object({
  id: z.number().int(),
  name: z.string(),
  organisation: ref.nullable(),
  members: z.number().int(),
});
export type SettingsTeam = z.infer<typeof settingsTeam>;

export const teamBody = z.object({
  name: z.string().trim().min(1).max(120),
  organization_id: bodyId.nullable(),
});
export type TeamBody = z.infer<typeof teamBody>;

export const settingsRole = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  permissions: z.array(z.string()),
  users: z.number().int(),
});
export type SettingsRole = z.infer<typeof settingsRole>;

export const roleBody = z.object({
  name: z.string().trim().min(1).max(80),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length),
});
export type RoleBody = z.infer<typeof roleBody>;

export const COMPARATORS = ['lt', 'gt', 'eq'] as const;
export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;

export const settingsAlarmType = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  name_es: z.string(),
  source: z.string(),
  match: z.string(),
  comparator: z.enum(COMPARATORS),
  threshold: z.number().nullable(),
  hysteresis: z.number(),
  delay_seconds: z.number().int(),
  severity: z.enum(SEVERITIES),
  auto_clear: z.boolean(),
  enabled: z.boolean(),
  /** Who is paged for its alarms (null: the default policy; a location's own policy wins). */
  escalation_policy_id: z.number().int().nullable(),
  /** Chattering: this many raises of one condition within `chatter_minutes`. */
  chatter_count: z.number().int(),
  chatter_minutes: z.number().int(),
  /** A temperature rule is not judged while its point defrosts nor this many minutes after. */
  defrost_recovery_minutes: z.number().int(),
  /** When set, the limit is judged on a simulated product temperature with this time constant (minutes). */
  product_probe_minutes: z.number().int().nullable(),
  updated_at: z.string(),
});
export type SettingsAlarmType = z.infer<typeof settingsAlarmType>;

const finite = z.number().min(-1_000_000).max(1_000_000);

export const alarmTypeBody = z.object({
  name: z.string().trim().min(1).max(120),
  name_es: z.string().trim().min(1).max(120),
  comparator: requiredEnum(COMPARATORS),
  threshold: finite.nullable(),
  hysteresis: z.number().min(0).max(1_000_000),
  delay_seconds: z.number().int().min(0).max(86_400),
  severity: requiredEnum(SEVERITIES),
  auto_clear: z.boolean(),
  enabled: z.boolean(),
  /** A shared escalation policy (alarm types belong to every organization); null: the default. */
  escalation_policy_id: bodyId.nullable(),
  /** Left out: unchanged. */
  chatter_count: z.number().int().min(2).max(100).optional(),
  chatter_minutes: z.number().int().min(1).max(1440).optional(),
  /** Left out: unchanged (0..240, default 45). */
  defrost_recovery_minutes: z.number().int().min(0).max(240).optional(),
  /** Left out: unchanged; null: judged on the air (5..240 minutes). */
  product_probe_minutes: z.number().int().min(5).max(240).nullable().optional(),
});
export type AlarmTypeBody = z.infer<typeof alarmTypeBody>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const auditLogQuery = z.object({
  action: z.string().trim().max(80).optional(),
  /** `true` leaves out sign-ins (`auth.login`), which would otherwise bury the administrative changes. */
  hide_sign_ins: z.enum(['true', 'false']).optional(),
  /** Part of the actor's name or email. */
  actor: text,
  from: isoDate.optional(),
  to: isoDate.optional(),
  page,
  per_page: perPage,
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

/** `GET /api/audit-log/export?since=`: entries from that instant on, oldest first, as JSON lines (a SIEM polls it). */
export const auditExportQuery = z.object({ since: z.iso.datetime({ offset: true }) });

/** The most entries one export answers; a SIEM asks again from the last `created_at` it got. */
export const AUDIT_EXPORT_MAX = 10_000;

/**
 * One value of an audit entry as an administrator reads it: ids already resolved to names (of
 * deleted and archived records too), rich text as plain text; the SPA words flags, dates, numbers
 * and codes (`of` names the field, e.g. `language`, `priority`, `permissions`) in the reader's language.
 */
const auditScalar = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  /** A record's name; `of` is its kind (`role`, `user`, `location`, …). */
  z.object({ kind: z.literal('name'), of: z.string(), name: z.string() }),
  z.object({ kind: z.literal('flag'), value: z.boolean() }),
  z.object({ kind: z.literal('number'), value: z.number() }),
  /** A calendar day, `YYYY-MM-DD`. */
  z.object({ kind: z.literal('date'), value: z.string() }),
  /** An instant, ISO 8601. */
  z.object({ kind: z.literal('time'), value: z.string() }),
  z.object({ kind: z.literal('code'), of: z.string(), value: z.string() }),
]);
export type AuditScalar = z.infer<typeof auditScalar>;
export const auditValue = z.union([auditScalar, z.object({ kind: z.literal('list'), items: z.array(auditScalar) })]);
export type AuditValue = z.infer<typeof auditValue>;

/** A field of the entry's record: before and after (null: not set, or not part of that side). */
export const auditChange = z.object({ field: z.string(), before: auditValue.nullable(), after: auditValue.nullable() });
export type AuditChange = z.infer<typeof auditChange>;

export const auditEntry = z.object({
  id: z.number().int(),
  /** `area.verb`; the SPA's catalogs hold one sentence per action (`audit.actions.area.verb`). */
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string().nullable(),
  /** The subject's name as it is now (or was, when removed); null when nothing names it. */
  subject_name: z.string().nullable(),
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  impersonator: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  /** The integration token the actor's change came through (it stays named after it is revoked). */
  api_token: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  organisation: ref.nullable(),
  /** An update lists only what changed; a creation or a removal lists the record as it was written. */
  changes: z.array(auditChange),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
