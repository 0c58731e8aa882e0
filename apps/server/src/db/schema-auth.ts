import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, parentColumn, ts, users } from './schema.ts';

/**
 * Single-use links that let a user choose a password: `reset` (forgot password, or sent by an
 * administrator; 60 minutes) and `invite` (an account an administrator created; 7 days).
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    userId: parentColumn('user_id', () => users.id),
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
    userId: parentColumn('user_id', () => users.id),
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
    userId: parentColumn('user_id', () => users.id),
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
    userId: parentColumn('user_id', () => users.id),
    sessionId: parentColumn('session_id', () => sessions.id),
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
    userId: parentColumn('user_id', () => users.id),
    purpose: text('purpose', { enum: ['signature'] }).notNull(),
    failedAt: ts('failed_at').notNull(),
  },
  (t) => [index('reauth_failures_user_idx').on(t.userId, t.failedAt)],
);
