import { z } from 'zod';
import { newPassword, phoneNumber } from './accounts.ts';
import { CONTROLLER_KINDS, controllerPlacement, gatewayStatusView } from './controllers.ts';
import { deviceRejections } from './device.ts';
import { LOCALES } from './locale.ts';
import { bodyId } from './params.ts';

/**
 * An enum whose missing value reads "This field is required." rather than "This value is not allowed."
 * (zod reports both as invalid_value; the server maps the message `required`).
 */
export function requiredEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: (issue) => (issue.input === undefined ? 'required' : undefined) });
}

export const loginBody = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(200),
  remember: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** Signing in as someone; `reason` is required where their organization admits others only with a grant. */
export const impersonateBody = z.object({ user_id: bodyId, reason: z.string().trim().min(1).max(500).optional() });

export const authUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  email_md5: z.string(),
  language: z.object({ iso6391: z.string(), locale: z.enum(LOCALES) }),
  organisation: z.object({ id: z.number().int(), name: z.string() }),
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  role: z.object({ id: z.number().int(), name: z.string(), color: z.string() }),
  permissions: z.array(z.string()),
  impersonating: z.boolean(),
  phone: z.string(),
  /** A Gravatar image when the server allows third-party avatars (AVATARS=gravatar); null: show initials. */
  avatar_url: z.string().nullable(),
});
export type AuthUser = z.infer<typeof authUser>;

export const accountUpdateBody = z
  .object({
    name: z.string().trim().min(1).max(120),
    email: z.string().trim().toLowerCase().email().max(254),
    language: requiredEnum(LOCALES),
    /** E.164; empty clears it. Absent: unchanged. */
    phone: phoneNumber.optional(),
    current_password: z.string().max(200).optional(),
    new_password: newPassword.optional(),
  })
  .refine((v) => !v.new_password || !!v.current_password, {
    path: ['current_password'],
    message: 'current_password_required',
  });
export type AccountUpdateBody = z.infer<typeof accountUpdateBody>;

export const language = z.object({
  id: z.number().int(),
  name: z.string(),
  iso6391: z.string(),
  locale: z.enum(LOCALES),
});
export type Language = z.infer<typeof language>;

export const unauthorizedController = z.object({
  id: z.number().int(),
  mac_address: z.string(),
  name: z.string().nullable(),
  kind: z.enum(CONTROLLER_KINDS),
  /** A gateway's children (from its birth messages); null for a controller that is not a gateway. */
  children: z.number().int().nullable(),
});
export type UnauthorizedController = z.infer<typeof unauthorizedController>;

/** POST /api/controllers/{id}/authorise (docs/contracts.md §7). */
export const authorizeControllerBody = z.object({
  organization_id: bodyId,
  location_id: bodyId,
  name: z.string().trim().min(1).max(120),
  store_alias: z.string().trim().max(120).optional(),
});
export type AuthorizeControllerBody = z.infer<typeof authorizeControllerBody>;

/** GET /api/controllers/{id}: the controller fields of docs/requirements.md §3. */
export const controllerDetail = z.object({
  id: z.number().int(),
  mac_address: z.string(),
  name: z.string().nullable(),
  store_alias: z.string().nullable(),
  organisation: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  location: z
    .object({
      id: z.number().int(),
      name: z.string(),
      address: z.string(),
      /** The store's IANA time zone (maintenance windows repeat in it). */
      time_zone: z.string(),
    })
    .nullable(),
  ...controllerPlacement,
  firmware: z.string().nullable(),
  vendor_endpoint: z.string().nullable(),
  warranty_expiry: z.string().nullable(),
  authorised: z.boolean(),
  secure_mode: z.boolean(),
  online: z.boolean(),
  last_seen_at: z.string().nullable(),
  created_at: z.string(),
  active_alarms: z.number().int(),
  /** Messages ingest refused from it (malformed, too large); null when none ever was. */
  rejections: deviceRejections.nullable(),
  /** A gateway's latest status (its buses, children, outbox); null for other controllers or before its first. */
  gateway_status: gatewayStatusView.nullable(),
});
export type ControllerDetail = z.infer<typeof controllerDetail>;
