import { z } from 'zod';
import { bodyId } from './params.ts';

/** Single sign-on with OpenID Connect (Settings → Single sign-on, the sign-in page): the API both sides validate with. */

/** A domain as discovery matches it: lower case, at least one dot, no scheme or path. */
const emailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(v), {
    message: 'domain_format',
  });

/** The name of a claim in the provider's ID token or user info (`email`, `groups`, `roles`…). */
const claimName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\w:./-]+$/);

const locationIds = z.array(bodyId).min(1).max(500).nullable();

export const ssoRoleMapping = z.object({
  group: z.string().trim().min(1).max(200),
  role_id: bodyId,
  /** Null: every location of the organization. */
  location_ids: locationIds,
});
export type SsoRoleMappingBody = z.infer<typeof ssoRoleMapping>;

const ssoFields = {
  name: z.string().trim().min(1).max(120),
  /** The provider's issuer identifier (its discovery document is at `/.well-known/openid-configuration`). */
  issuer: z.url({ protocol: /^https?$/ }).max(500),
  client_id: z.string().trim().min(1).max(300),
  email_domains: z.array(emailDomain).min(1).max(50),
  claims: z.object({ email: claimName, name: claimName, groups: claimName }),
  jit: z.object({
    enabled: z.boolean(),
    /** The role of a person whose groups no mapping names; null: such a person is refused. */
    role_id: bodyId.nullable(),
    location_ids: locationIds,
  }),
  role_mappings: z.array(ssoRoleMapping).max(100),
  require_sso: z.boolean(),
  break_glass_user_ids: z.array(bodyId).max(50),
};

/** Creating a connection; `client_secret` is written, never read back (null: a public client). */
export const ssoConnectionBody = z.object({
  ...ssoFields,
  client_secret: z.string().min(1).max(1000).nullable(),
});
export type SsoConnectionBody = z.infer<typeof ssoConnectionBody>;

/** A change: what is sent changes; `client_secret` left out keeps the stored one. */
export const ssoConnectionPatch = z
  .object({ ...ssoFields, client_secret: z.string().min(1).max(1000).nullable() })
  .partial();
export type SsoConnectionPatch = z.infer<typeof ssoConnectionPatch>;

export const ssoConnection = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  client_secret_set: z.boolean(),
  email_domains: z.array(z.string()),
  claims: z.object({ email: z.string(), name: z.string(), groups: z.string() }),
  jit: z.object({
    enabled: z.boolean(),
    role_id: z.number().int().nullable(),
    location_ids: z.array(z.number().int()).nullable(),
  }),
  role_mappings: z.array(
    z.object({ group: z.string(), role_id: z.number().int(), location_ids: z.array(z.number().int()).nullable() }),
  ),
  require_sso: z.boolean(),
  break_glass_user_ids: z.array(z.number().int()),
  /** The address to register with the provider as the redirect URI. */
  redirect_uri: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SsoConnection = z.infer<typeof ssoConnection>;

export const ssoDiscoverQuery = z.object({ email: z.email().max(320) });

export const ssoDiscovery = z
  .object({ connection_id: z.number().int(), organization_name: z.string(), require_sso: z.boolean() })
  .nullable();
export type SsoDiscovery = z.infer<typeof ssoDiscovery>;

/**
 * Where the console goes once signed in: one of its own paths (`/alarms?x=1`), never another site's
 * address (`//evil.example`, `/\evil`, `https://…`).
 */
export function isConsolePath(value: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(value) && !value.startsWith('/api/') && value.length <= 500;
}

export const ssoStartQuery = z.object({
  return_to: z.string().max(500).optional(),
});

/** The console's page the callback sends the browser to, to complete the sign-in. */
export const SSO_COMPLETE_PATH = '/user/sso';
