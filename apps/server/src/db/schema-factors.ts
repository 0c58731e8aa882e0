import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, parentColumn, ts, users } from './schema.ts';

/**
 * A person's second factors (features/auth/mfa*.ts). `totp`: an RFC 6238 secret (base32), pending until
 * its first code is verified (`verified_at` null: not yet a factor, never asked at sign-in).
 */
export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: serial('id').primaryKey(),
    userId: parentColumn('user_id', () => users.id),
    kind: text('kind', { enum: ['totp', 'webauthn'] }).notNull(),
    label: text('label').notNull(),
    /** The TOTP shared secret, base32 (it has to be read to check a code, so it cannot be hashed). */
    secret: text('secret'),
    /** The last 30-second step whose code was accepted: a code is accepted once, and no older one after it. */
    lastUsedStep: integer('last_used_step'),
    /** A passkey's credential id (base64url), unique across people: an assertion names it. */
    credentialId: text('credential_id'),
    /** A passkey's COSE public key (base64url) that checks its assertions. */
    publicKey: text('public_key'),
    /** A passkey's signature counter: an assertion whose counter does not move past it is a replay. */
    signCount: integer('sign_count'),
    /** How the browser may reach the passkey (`internal`, `usb`, …), handed back in authentication options. */
    transports: text('transports').array(),
    verifiedAt: ts('verified_at'),
    lastUsedAt: ts('last_used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('mfa_factors_user_idx').on(t.userId), uniqueIndex('mfa_factors_credential_uq').on(t.credentialId)],
);

/**
 * A WebAuthn challenge the server handed out (features/auth/passkeys.ts): `registration` for the
 * session's person adding a passkey, `authentication` for a second step, a re-authentication or a
 * passwordless sign-in. Two minutes, spent by the response that answers it.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: serial('id').primaryKey(),
    challenge: text('challenge').notNull(),
    purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
    /** The person it was issued for (null: a passwordless sign-in, whoever answers). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webauthn_challenges_uq').on(t.challenge)],
);

/** Single-use recovery codes, ten to a set, stored hashed; a new set replaces the old one. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: parentColumn('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_uq').on(t.userId, t.codeHash)],
);

/**
 * The step between a correct password and a session: `mfa` (prove a factor: `mfa_token`) or
 * `enrollment` (the organization requires a factor the person has not got: `enrollment_token`).
 * Five minutes, ten tries, single use; the session opens with `remember` as asked at the password.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: parentColumn('user_id', () => users.id),
    purpose: text('purpose', { enum: ['mfa', 'enrollment'] }).notNull(),
    remember: boolean('remember').notNull().default(false),
    tries: integer('tries').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mfa_challenges_token_uq').on(t.tokenHash), index('mfa_challenges_user_idx').on(t.userId)],
);

/**
 * An organization's security policy (`GET/PUT /api/organizations/{id}/security-policy`); no row: the
 * defaults (no factor required, both methods, no idle or absolute limit beyond the session's own,
 * support access always).
 */
export const organizationSecurityPolicies = pgTable('organization_security_policies', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  requireMfa: text('require_mfa', { enum: ['off', 'all', 'roles'] })
    .notNull()
    .default('off'),
  /** With `roles`: the roles whose members need a factor. */
  requireMfaRoleIds: integer('require_mfa_role_ids').array().notNull().default([]),
  allowedMethods: text('allowed_methods').array().notNull().default(['totp', 'webauthn']),
  /** A session unused this long ends; null: no idle limit. */
  sessionIdleMinutes: integer('session_idle_minutes'),
  /** A session ends this long after sign-in, whatever its use; null: no absolute limit. */
  sessionMaxHours: integer('session_max_hours'),
  /** Whether people of other organizations (the service company) may see and act on it: always, with a grant, never. */
  supportAccess: text('support_access', { enum: ['always', 'grant', 'never'] })
    .notNull()
    .default('always'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
