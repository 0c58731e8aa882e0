import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, parentColumn, roles, ts, users } from './schema.ts';

/**
 * An invitation to join an organization: a single-use token (stored hashed) that expires; accepting it
 * creates the member with the role and locations chosen by the inviter.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    organizationId: parentColumn('organization_id', () => organizations.id),
    email: text('email').notNull(),
    language: text('language').notNull().default('en-US'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    allLocations: boolean('all_locations').notNull().default(true),
    locationIds: integer('location_ids').array().notNull().default(sql`'{}'::int[]`),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id),
    /** The queued invitation email (email_messages.id). */
    emailMessageId: integer('email_message_id'),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    revokedAt: ts('revoked_at'),
    userId: integer('user_id').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invitations_token_uq').on(t.tokenHash), index('invitations_org_idx').on(t.organizationId)],
);
