import { z } from 'zod';
import { phoneNumber } from './accounts.ts';
import { requiredEnum } from './auth.ts';
import { LOCALES } from './locale.ts';
import { PERMISSIONS } from './permissions.ts';

/** Settings (users, teams, roles, alarm types) and the audit log: the API both sides validate with. */

const ref = z.object({ id: z.number().int(), name: z.string() });
const page = z.coerce.number().int().min(1).default(1);
const perPage = z.coerce.number().int().min(1).max(100).default(25);
const text = z.string().trim().max(200).optional();

export const settingsListMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type SettingsListMeta = z.infer<typeof settingsListMeta>;

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
});
export type SettingsUser = z.infer<typeof settingsUser>;

export const userUpdateBody = z.object({
  name: z.string().trim().min(1).max(120),
  email: z.string().trim().toLowerCase().email().max(254),
  role_id: z.number().int().positive(),
  team_id: z.number().int().positive().nullable(),
  organization_id: z.number().int().positive(),
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
    role_id: z.number().int().positive(),
    team_id: z.number().int().positive().nullable().optional(),
    organization_id: z.number().int().positive(),
    all_locations: z.boolean().default(false),
    location_ids: z.array(z.number().int().positive()).max(500).default([]),
    language: z.enum(LOCALES).default('en-US'),
  })
  .refine((v) => v.all_locations || v.location_ids.length > 0, {
    path: ['location_ids'],
    message: 'locations_required',
  });
export type UserCreateBody = z.infer<typeof userCreateBody>;

export const settingsTeam = z.object({
  id: z.number().int(),
  name: z.string(),
  organisation: ref.nullable(),
  members: z.number().int(),
});
export type SettingsTeam = z.infer<typeof settingsTeam>;

export const teamBody = z.object({
  name: z.string().trim().min(1).max(120),
  organization_id: z.number().int().positive().nullable(),
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
  escalation_delay_seconds: z.number().int().nullable(),
  escalation_repeat_seconds: z.number().int().nullable(),
  escalation_team_id: z.number().int().nullable(),
  escalation_user_ids: z.array(z.number().int()),
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
  escalation_delay_seconds: z.number().int().min(0).max(604_800).nullable(),
  escalation_repeat_seconds: z.number().int().min(60).max(604_800).nullable(),
  escalation_team_id: z.number().int().positive().nullable(),
  escalation_user_ids: z.array(z.number().int().positive()).max(50),
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

export const auditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string().nullable(),
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  impersonator: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  organisation: ref.nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** Field-by-field difference of two audit snapshots (flat objects; anything else compared as JSON). */
export function auditDiff(before: unknown, after: unknown): { field: string; before: string; after: string }[] {
  const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));
  const b = obj(before);
  const a = obj(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => ({ field: k, before: show(b[k]), after: show(a[k]) }));
}
