import { z } from 'zod';
import { newPassword } from './accounts.ts';
import { LOCALES } from './locale.ts';
import { bodyId, paramId } from './params.ts';

/** Every IANA time zone this runtime knows (browser and Node share the list). */
export const TIME_ZONES: readonly string[] = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])];
const timeZoneSet = new Set(TIME_ZONES);

const page = z.coerce.number().int().min(1).max(100_000).default(1);

/** GET /api/organizations: also the pickers' source, hence the large default page. */
export const organizationListQuery = z.object({
  page,
  per_page: z.coerce.number().int().min(1).max(500).default(100),
  q: z.string().trim().max(100).optional(),
});
export type OrganizationListQuery = z.infer<typeof organizationListQuery>;

export const organizationListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  controllers_count: z.number().int(),
  locations_count: z.number().int(),
  members_count: z.number().int(),
});
export type OrganizationListItem = z.infer<typeof organizationListItem>;

/** POST /api/organizations and PATCH /api/organizations/{id}. */
export const organizationBody = z.object({ name: z.string().trim().min(1).max(120) });
export type OrganizationBody = z.infer<typeof organizationBody>;

const text = (max: number) => z.string().trim().max(max).default('');

/** POST /api/organizations/{id}/locations and PATCH /api/locations/{id}: the docs/requirements.md §3 fields. */
export const locationBody = z.object({
  name: z.string().trim().min(1).max(120),
  address_line_1: text(200),
  address_line_2: text(200),
  city: text(100),
  state: text(100),
  zip: z
    .string()
    .trim()
    .max(20)
    .regex(/^[A-Za-z0-9 -]*$/)
    .default(''),
  phone: z
    .string()
    .trim()
    .max(30)
    .regex(/^[+0-9 ().-]*$/)
    .default(''),
  timezone: z.string().refine((v) => timeZoneSet.has(v)),
  /** The location's own escalation policy, which wins over the alarm type's; null: none. Left out: unchanged. */
  escalation_policy_id: z.number().int().positive().max(2_147_483_647).nullable().optional(),
});
export type LocationBody = z.infer<typeof locationBody>;
export type LocationInput = z.input<typeof locationBody>;

export const location = z.object({
  id: z.number().int(),
  organisation: z.object({ id: z.number().int(), name: z.string() }),
  name: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  timezone: z.string(),
  escalation_policy_id: z.number().int().nullable(),
  controllers_count: z.number().int(),
});
export type Location = z.infer<typeof location>;

/** GET /api/locations. */
export const locationListQuery = z.object({
  page,
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(100).optional(),
  organization_id: paramId.optional(),
});
export type LocationListQuery = z.infer<typeof locationListQuery>;

export const member = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.object({ id: z.number().int(), name: z.string(), color: z.string() }),
  all_locations: z.boolean(),
  location_ids: z.array(z.number().int()),
});
export type Member = z.infer<typeof member>;

export const organizationDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  controllers: z.array(
    z.object({
      id: z.number().int(),
      mac_address: z.string(),
      name: z.string().nullable(),
      location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      online: z.boolean(),
      last_seen_at: z.string().nullable(),
    }),
  ),
  locations: z.array(location),
  members: z.array(member),
});
export type OrganizationDetail = z.infer<typeof organizationDetail>;

/** Membership scope: every location of the organization, or the listed ones. */
const membershipScope = {
  all_locations: z.boolean(),
  location_ids: z.array(bodyId).max(500).default([]),
};

/** POST /api/organizations/{id}/members: invites by email. */
/** A membership of no location at all would see nothing: all locations, or at least one. */
const someLocation = (v: { all_locations: boolean; location_ids: number[] }) =>
  v.all_locations || v.location_ids.length > 0;
const someLocationError = { path: ['location_ids'], message: 'locations_required' };

export const invitationBody = z
  .object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
    language: z.enum(LOCALES),
    role_id: bodyId,
    ...membershipScope,
  })
  .refine(someLocation, someLocationError);
export type InvitationBody = z.infer<typeof invitationBody>;
export type InvitationInput = z.input<typeof invitationBody>;

/** PATCH /api/organizations/{id}/members/{userId}. */
export const membershipBody = z.object(membershipScope).refine(someLocation, someLocationError);
export type MembershipBody = z.infer<typeof membershipBody>;

export const invitation = z.object({
  id: z.number().int(),
  email: z.string(),
  language: z.enum(LOCALES),
  role: z.object({ id: z.number().int(), name: z.string() }),
  all_locations: z.boolean(),
  location_ids: z.array(z.number().int()),
  expires_at: z.string(),
  created_at: z.string(),
  /** The email as it was sent (the local transport records it; the UI shows it). */
  message: z.object({ subject: z.string(), text: z.string(), status: z.string() }).nullable(),
});
export type Invitation = z.infer<typeof invitation>;

/** GET /api/invitations/{token} (public): what the accept page shows. */
export const invitationPreview = z.object({
  email: z.string(),
  organisation: z.object({ name: z.string() }),
  language: z.enum(LOCALES),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

/** POST /api/invitations/{token}/accept. */
export const acceptInvitationBody = z.object({
  name: z.string().trim().min(1).max(120),
  password: newPassword,
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBody>;

export const assignableRole = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type AssignableRole = z.infer<typeof assignableRole>;
