/**
 * Maintenance windows (features/maintenance): a span in which alarms of a location, a controller or
 * one of its racks are stored suppressed (no email, no escalation, out of the default list).
 */
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { controllers, placeColumns, timestamps, ts, users } from './schema.ts';

/** A weekly repetition inside `starts_at`..`ends_at`: these days, from..to in the location's time zone. */
export type Recurrence = { days: string[]; from: string; to: string };

export const maintenanceWindows = pgTable(
  'maintenance_windows',
  {
    id: serial('id').primaryKey(),
    /** The location is always set (a controller's window carries its controller's location): the tenant scope. */
    ...placeColumns(),
    /** null: the whole location; set: this controller (and only `rack_ref` when that is set). */
    controllerId: integer('controller_id').references(() => controllers.id),
    rackRef: text('rack_ref'),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    recurrence: jsonb('recurrence').$type<Recurrence>(),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
    /** Set instead of deleting when suppressed alarms refer to the window (their history names it). */
    archivedAt: ts('archived_at'),
  },
  (t) => [index('maintenance_windows_location_idx').on(t.locationId, t.endsAt)],
);
