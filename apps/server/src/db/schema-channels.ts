/**
 * Channels (features/channels): how a paged person is reached beyond email, and how they answer.
 * One-tap acknowledge links are kept here; only a link's hash is stored.
 */
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts, users } from './schema.ts';
import { alarms } from './schema-alarms.ts';

/** A one-tap acknowledge link: bound to one person and one alarm, single use, 24 hours. */
export const ackLinks = pgTable(
  'ack_links',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the token in the link (the token itself is only in the email, SMS or push). */
    tokenHash: text('token_hash').notNull().unique(),
    alarmId: integer('alarm_id')
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('ack_links_alarm_idx').on(t.alarmId), index('ack_links_expires_idx').on(t.expiresAt)],
);
