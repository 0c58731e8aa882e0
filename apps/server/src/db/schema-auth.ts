/**
 * Sign-in (features/auth): the sessions a token opens, integration tokens, re-authentications and the
 * single-use password links. Users,
 * their roles and organizations stay in schema.ts.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, roles, ts, users } from './schema.ts';

/**
 * Single-use links that let a user choose a password: `reset` (forgot password, or sent by an
 * administrator; 60 minutes) and `invite` (an account an administrator created; 7 days).
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'invite'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_tokens_token_uq').on(t.tokenHash), index('password_tokens_user_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatorSessionId: integer('impersonator_session_id'),
    remember: boolean('remember').notNull().default(false),
    /** How the person proved who they are when the session opened (the account's sessions list shows it). */
    method: text('method', { enum: ['password', 'sso', 'passkey', 'token'] })
      .notNull()
      .default('password'),
    /** The client's address and browser as the session opened (for the person to recognize it). */
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins and password-reset requests per account (`login:` or `reset:` and its email in lower
 * case): past a few failures each next try waits a growing delay, capped at a few minutes, so someone
 * guessing cannot lock the owner out for long; a successful sign-in clears it. In the database, so
 * every instance counts the same failures.
 */
export const accountThrottles = pgTable('account_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  /** No try is looked at before this time (null: not held back). */
  blockedUntil: ts('blocked_until'),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * Integration tokens (`rcm_…`): a creator's named, expiring grant of some of their own permissions,
 * for a machine. Only the hash is kept; what a token may do is recomputed on every use against what its
 * creator holds then (auth/api-tokens-service.ts).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null: every organization the permissions reach (the creator sees every organization). */
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    permissions: text('permissions').array().notNull(),
    /** Null: every location the creator reaches in the organization. */
    locationIds: integer('location_ids').array(),
    expiresAt: ts('expires_at').notNull(),
    lastUsedAt: ts('last_used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('api_tokens_token_uq').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId)],
);

/** A fresh proof of identity (`POST /api/auth/reauth`): single use, two minutes, for one session. */
export const reauthTokens = pgTable(
  'reauth_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['password', 'totp', 'recovery_code', 'webauthn'] }).notNull(),
    /** `signature`: only a signature spends it (and it spends no other); null: any other sensitive change. */
    purpose: text('purpose', { enum: ['signature'] }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reauth_tokens_token_uq').on(t.tokenHash)],
);

/**
 * Failed re-authentications asked for a signature (wrong password or code), kept a day: three by one
 * person within 15 minutes alert their organization's administrators (features/auth/reauth.ts).
 */
export const reauthFailures = pgTable(
  'reauth_failures',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['signature'] }).notNull(),
    failedAt: ts('failed_at').notNull(),
  },
  (t) => [index('reauth_failures_user_idx').on(t.userId, t.failedAt)],
);

/**
 * A person's second factors (features/auth/mfa*.ts). `totp`: an RFC 6238 secret (base32), pending until
 * its first code is verified (`verified_at` null: not yet a factor, never asked at sign-in).
 */
export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
/**
 * A grant letting people of another organization (all of one organization, or one person) reach an
 * organization whose policy says `support_access: grant`, until `expires_at` or until revoked. Ended
 * grants stay: the organization's history of who was let in, when and why.
 */
export const supportGrants = pgTable(
  'support_grants',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Exactly one of the grantee columns is set. */
    granteeOrganizationId: integer('grantee_organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    granteeUserId: integer('grantee_user_id').references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    expiresAt: ts('expires_at').notNull(),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('support_grants_organization_idx').on(t.organizationId),
    index('support_grants_grantee_organization_idx').on(t.granteeOrganizationId).where(sql`${t.revokedAt} is null`),
    index('support_grants_grantee_user_idx').on(t.granteeUserId).where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * The days a person used a grant: one row per grant, person and UTC day, so `support_grant.used`
 * is recorded once a day however many requests they make, and once when several instances see them.
 */
export const supportGrantUses = pgTable(
  'support_grant_uses',
  {
    grantId: integer('grant_id')
      .notNull()
      .references(() => supportGrants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
  },
  (t) => [uniqueIndex('support_grant_uses_uq').on(t.grantId, t.userId, t.day)],
);

/** One mapping of an SSO connection: members of the provider's group get this role and these locations (null: all). */
export type SsoRoleMapping = { group: string; roleId: number; locationIds: number[] | null };

/**
 * An organization's single sign-on through an OpenID Connect provider (auth/sso-*.ts). The client
 * secret is never answered by the API; the console has no key store to seal it with, so it is kept
 * as the provider issued it, like webhook secrets.
 */
export const ssoConnections = pgTable(
  'sso_connections',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** Null: a public client (PKCE only, no client authentication at the token endpoint). */
    clientSecret: text('client_secret'),
    /** Lower-case domains whose addresses discovery sends here; each domain belongs to one connection. */
    emailDomains: text('email_domains').array().notNull(),
    claimEmail: text('claim_email').notNull().default('email'),
    claimName: text('claim_name').notNull().default('name'),
    claimGroups: text('claim_groups').notNull().default('groups'),
    /** Someone the provider vouches for and nobody here knows yet gets an account. */
    jitEnabled: boolean('jit_enabled').notNull().default(false),
    /** With JIT: the role of a person whose groups no mapping names (null: such a person is refused). */
    jitRoleId: integer('jit_role_id').references(() => roles.id),
    jitLocationIds: integer('jit_location_ids').array(),
    /** In order: the first mapping whose group the person is in decides their role, at every sign-in. */
    roleMappings: jsonb('role_mappings').$type<SsoRoleMapping[]>().notNull().default(sql`'[]'::jsonb`),
    /** Password sign-in is refused to the organization's people, the break-glass accounts excepted. */
    requireSso: boolean('require_sso').notNull().default(false),
    breakGlassUserIds: integer('break_glass_user_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('sso_connections_org_idx').on(t.organizationId)],
);

/** A person as a provider knows them: (issuer, subject), never their email address. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: serial('id').primaryKey(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The groups the provider named at the last sign-in (what the role was mapped from). */
    groups: text('groups').array().notNull().default(sql`'{}'::text[]`),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastLoginAt: ts('last_login_at'),
  },
  (t) => [
    uniqueIndex('sso_identities_subject_uq').on(t.issuer, t.subject),
    index('sso_identities_user_idx').on(t.userId),
  ],
);

/**
 * One trip through a provider. `start` keeps the state (hashed), nonce and PKCE verifier here and binds
 * the trip to the browser with an HttpOnly cookie (its hash in `browserHash`); the callback uses the trip
 * up and leaves its outcome (a user, or the error to show) behind a second single-use cookie, which
 * `POST /api/auth/sso/complete` exchanges for a session. Both live minutes.
 */
export const ssoFlows = pgTable(
  'sso_flows',
  {
    id: serial('id').primaryKey(),
    stateHash: text('state_hash').notNull(),
    browserHash: text('browser_hash').notNull(),
    connectionId: integer('connection_id').references(() => ssoConnections.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnTo: text('return_to').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    /** After the callback: the hash of the completion cookie, and who signed in or why not. */
    resultHash: text('result_hash'),
    resultUserId: integer('result_user_id').references(() => users.id, { onDelete: 'cascade' }),
    resultError: text('result_error'),
    resultExpiresAt: ts('result_expires_at'),
    completedAt: ts('completed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_flows_state_uq').on(t.stateHash),
    uniqueIndex('sso_flows_result_uq').on(t.resultHash),
    index('sso_flows_expires_idx').on(t.expiresAt),
  ],
);
