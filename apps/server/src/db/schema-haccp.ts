import type { HaccpSignature } from '@rcm/shared/haccp';
import { date, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { controllers, locations, organizationColumn, ts, users } from './schema.ts';

/**
 * The HACCP log's entries, append-only: corrective actions taken on excursions and sign-offs of a
 * location's log over a period. Each is signed by its author (id and name as they were) when
 * recorded and never changes; a mistake is corrected by a new entry naming it in `corrects_id`.
 */
export const haccpEntries = pgTable(
  'haccp_entries',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationColumn(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    kind: text('kind').$type<'corrective_action' | 'sign_off'>().notNull(),
    /** Corrective action: the excursion's case and its first hour. */
    controllerId: integer('controller_id').references(() => controllers.id),
    point: text('point'),
    excursionStart: ts('excursion_start'),
    /** Sign-off: the local days of the log signed. */
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    /**
     * Sign-off: the period's excursions at the location when it was signed, and how many of them had
     * no corrective action then (null: signed before these were kept).
     */
    excursions: integer('excursions'),
    excursionsWithoutAction: integer('excursions_without_action'),
    text: text('text').notNull(),
    /** When the action was taken, or the log signed. */
    takenAt: ts('taken_at').notNull(),
    authorId: integer('author_id').references(() => users.id),
    authorName: text('author_name').notNull(),
    correctsId: integer('corrects_id'),
    /**
     * Sign-off: the electronic signature (signer's name and role as they were, time, zone, meaning,
     * re-authentication method, the SHA-256 of the signed record; features/reports/haccp-signature.ts).
     * Null: a corrective action, or a sign-off recorded before signatures.
     */
    signature: jsonb('signature').$type<HaccpSignature>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('haccp_entries_location_idx').on(t.locationId, t.kind, t.takenAt),
    index('haccp_entries_excursion_idx').on(t.controllerId, t.point, t.excursionStart),
  ],
);
