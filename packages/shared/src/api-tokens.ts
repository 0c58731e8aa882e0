import { z } from 'zod';
import { pageQuery } from './pagination.ts';
import { bodyId } from './params.ts';
import { PERMISSIONS, type Permission } from './permissions.ts';

/** Integration tokens (Settings → Integration tokens) and re-authentication: the API both sides validate with. */

/** Every token starts with this, so a scanner (or a person) recognizes one that leaked. */
export const API_TOKEN_PREFIX = 'rcm_';

/** The longest a token may live: a year. */
export const API_TOKEN_MAX_DAYS = 365;

/** Permissions a token can never carry: a machine does not act as another person. */
export const TOKEN_DENIED_PERMISSIONS: readonly Permission[] = ['users_impersonate'];

/** The permissions a creator may give a token: what they hold, less what no token carries. */
export function tokenGrantable(held: Iterable<string>): Permission[] {
  const set = new Set(held);
  return PERMISSIONS.filter((p) => set.has(p) && !TOKEN_DENIED_PERMISSIONS.includes(p));
}

/** What a proof is asked for: `signature` (a HACCP signature) is spent only on a signature, and its failures are counted. */
export const REAUTH_PURPOSES = ['signature'] as const;
export type ReauthPurpose = (typeof REAUTH_PURPOSES)[number];

/**
 * One proof: the password, or (for an account with a second factor) a TOTP or recovery code, or a
 * WebAuthn assertion. None: 422 on `password`. `purpose: "signature"` makes a proof that only a
 * signature spends (and none other does).
 */
export const reauthBody = z.object({
  password: z.string().min(1).max(1000).optional(),
  code: z.string().trim().min(1).max(40).optional(),
  response: z.record(z.string(), z.unknown()).optional(),
  purpose: z.enum(REAUTH_PURPOSES).optional(),
});
export type ReauthBody = z.infer<typeof reauthBody>;

export const reauthAnswer = z.object({ reauth_token: z.string(), expires_at: z.string() });
export type ReauthAnswer = z.infer<typeof reauthAnswer>;

export const apiTokenBody = z.object({
  name: z.string().trim().min(1).max(120),
  /** Null: every organization its permissions reach (only for a creator who sees every organization). */
  organization_id: bodyId.nullable(),
  permissions: z.array(z.enum(PERMISSIONS)).min(1).max(PERMISSIONS.length),
  /** Null: every location the creator reaches in the organization. */
  location_ids: z.array(bodyId).min(1).max(500).nullable(),
  expires_at: z.iso.datetime({ offset: true }),
  /** From `POST /api/auth/reauth`: a fresh proof that the creator is at the keyboard (else 401 `reauth_required`). */
  reauth_token: z.string().min(1).max(200).optional(),
});
export type ApiTokenBody = z.infer<typeof apiTokenBody>;

export const apiTokenListQuery = pageQuery(25);

export const apiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  organization_id: z.number().int().nullable(),
  organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  permissions: z.array(z.enum(PERMISSIONS)),
  location_ids: z.array(z.number().int()).nullable(),
  created_by: z.object({ id: z.number().int(), name: z.string() }),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});
export type ApiToken = z.infer<typeof apiToken>;

/** The answer to a creation: the only time the token itself is shown. */
export const apiTokenCreated = z.object({ data: apiToken, token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreated>;
