import { boolean, doublePrecision, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { controllers, parentColumn, timestamps, ts, users } from './schema.ts';
import { jobs } from './schema-jobs.ts';

/**
 * A rack as a refrigeration system: its refrigerant and full charge (kept as entered, value and unit),
 * appliance type (the leak-rate threshold) and whether an automatic leak detection system is fitted
 * (it doubles the EU leak-check interval).
 */
export const refrigerantSystems = pgTable(
  'refrigerant_systems',
  {
    controllerId: parentColumn('controller_id', () => controllers.id),
    rackRef: text('rack_ref').notNull(),
    refrigerant: text('refrigerant').notNull(),
    fullChargeValue: doublePrecision('full_charge_value').notNull(),
    fullChargeUnit: text('full_charge_unit').$type<'lb' | 'kg'>().notNull(),
    applianceType: text('appliance_type').notNull(),
    leakDetectionSystem: boolean('leak_detection_system').notNull().default(false),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.controllerId, t.rackRef] })],
);

/**
 * The refrigerant log of a system, append-only: a mistake is corrected by a new event naming the one
 * it corrects, which is then left out of every computation. A charge keeps the full charge and
 * appliance type of its moment, so its leak rate never changes when the system is edited later.
 */
export const refrigerantEvents = pgTable(
  'refrigerant_events',
  {
    id: serial('id').primaryKey(),
    controllerId: parentColumn('controller_id', () => controllers.id),
    rackRef: text('rack_ref').notNull(),
    type: text('type').notNull(),
    at: ts('at').notNull(),
    amountValue: doublePrecision('amount_value'),
    amountUnit: text('amount_unit').$type<'lb' | 'kg'>(),
    fullChargeKg: doublePrecision('full_charge_kg'),
    applianceType: text('appliance_type'),
    technician: text('technician').notNull(),
    certificationNumber: text('certification_number'),
    result: text('result'),
    testKind: text('test_kind'),
    leakLocation: text('leak_location'),
    notes: text('notes'),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    correctsEventId: integer('corrects_event_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('refrigerant_events_system_idx').on(t.controllerId, t.rackRef, t.at)],
);
