import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { controllers, parentColumn, ts } from './schema.ts';
import { alarmTypes } from './schema-alarms.ts';

/**
 * What the engine learns of refrigerated cases (features/alarms/case-state.ts), for the case performance
 * report: defrosts and door openings as periods, the temperature alarms the defrost and product rules
 * held back, and each case's time in range by the hour.
 */
export const caseEvents = pgTable(
  'case_events',
  {
    id: serial('id').primaryKey(),
    controllerId: parentColumn('controller_id', () => controllers.id),
    rackRef: text('rack_ref').notNull(),
    addr: text('addr').notNull(),
    /** `defrost`, `door_open` (periods); `held_defrost`, `held_product` (an alarm held back, from when the air rule would have raised it until the air came back). */
    kind: text('kind').$type<'defrost' | 'door_open' | 'held_defrost' | 'held_product'>().notNull(),
    /** The alarm type a held-back alarm belongs to. */
    alarmTypeId: integer('alarm_type_id').references(() => alarmTypes.id, { onDelete: 'cascade' }),
    startedAt: ts('started_at').notNull(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    index('case_events_controller_started_idx').on(t.controllerId, t.startedAt),
    // One open period per point and kind: a restart that sees a defrost going on finds its row.
    uniqueIndex('case_events_open_uq').on(t.controllerId, t.addr, t.kind).where(sql`ended_at is null`),
  ],
);

/** Seconds of each case's hour: observed (between readings at most 15 minutes apart), held (defrost and recovery), in range outside the hold. */
export const caseHours = pgTable(
  'case_hours',
  {
    controllerId: parentColumn('controller_id', () => controllers.id),
    addr: text('addr').notNull(),
    bucket: ts('bucket').notNull(),
    rackRef: text('rack_ref').notNull(),
    observedS: doublePrecision('observed_s').notNull(),
    heldS: doublePrecision('held_s').notNull(),
    inRangeS: doublePrecision('in_range_s').notNull(),
  },
  (t) => [primaryKey({ columns: [t.controllerId, t.addr, t.bucket] })],
);
