/**
 * Who reaches an organization from outside it (support grants) and single sign-on: connections,
 * identities by issuer and subject, and the sign-ins in flight (features/auth).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, parentColumn, roles, ts, users } from './schema.ts';

/**
 * A grant letting people of another organization (all of one organization, or one person) reach an
 * organization whose policy says `support_access: grant`, until `expires_at` or until revoked. Ended
 * grants stay: the organization's history of who was let in, when and why.
 */
export const supportGrants = pgTable(
  'support_grants',
  {
    id: serial('id').primaryKey(),
    organizationId: parentColumn('organization_id', () => organizations.id),
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
    grantId: parentColumn('grant_id', () => supportGrants.id),
    userId: parentColumn('user_id', () => users.id),
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
    organizationId: parentColumn('organization_id', () => organizations.id),
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
    connectionId: parentColumn('connection_id', () => ssoConnections.id),
    userId: parentColumn('user_id', () => users.id),
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
