/**
 * The alarm engine's tables (features/alarms): the catalogue, holding conditions, alarms, their
 * counters and totals, and the outbox of work that follows an alarm change. Moved out of schema.ts,
 * which keeps tenancy, users and sessions, controllers and their telemetry.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { controllers, locations, organizations, teams, ts, users } from './schema.ts';

/** The alarm catalogue (design.md section 8): data, editable in settings. */
export const alarmTypes = pgTable(
  'alarm_types',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEs: text('name_es').notNull(),
    /** metric: a rack metric; point: a point addr pattern; status: a point status; device; offline. */
    source: text('source').$type<'metric' | 'point' | 'status' | 'device' | 'offline' | 'trend'>().notNull(),
    /** Metric name, point-addr suffix pattern (e.g. `CASE*`), point status, or device code. */
    match: text('match').notNull(),
    comparator: text('comparator').$type<'lt' | 'gt' | 'eq'>().notNull().default('gt'),
    threshold: doublePrecision('threshold'),
    hysteresis: doublePrecision('hysteresis').notNull().default(0),
    delaySeconds: integer('delay_seconds').notNull().default(0),
    severity: text('severity').$type<'critical' | 'high' | 'medium' | 'low'>().notNull(),
    autoClear: boolean('auto_clear').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    /** Escalation: null delay = no escalation; repeat null = notify the next tier once. */
    escalationDelaySeconds: integer('escalation_delay_seconds'),
    escalationRepeatSeconds: integer('escalation_repeat_seconds'),
    escalationTeamId: integer('escalation_team_id').references(() => teams.id),
    escalationUserIds: integer('escalation_user_ids').array().notNull().default(sql`'{}'::integer[]`),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('alarm_types_code_uq').on(t.code)],
);

/** A condition that holds but has not yet lasted its type's delay, or that holds under an open alarm. */
export const alarmConditions = pgTable(
  'alarm_conditions',
  {
    controllerId: integer('controller_id')
      .notNull()
      .references(() => controllers.id, { onDelete: 'cascade' }),
    alarmTypeId: integer('alarm_type_id')
      .notNull()
      .references(() => alarmTypes.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    since: ts('since').notNull(),
    lastValue: doublePrecision('last_value'),
  },
  (t) => [primaryKey({ columns: [t.controllerId, t.alarmTypeId, t.subject] })],
);

/** Human-facing alarm numbers (the `alarmMetadataRef` of the alarm route). */
export const alarmRefSeq = pgSequence('alarm_ref_seq', { startWith: 100001 });

export const alarms = pgTable(
  'alarms',
  {
    id: serial('id').primaryKey(),
    ref: integer('ref').notNull().default(sql`nextval('alarm_ref_seq')`),
    alarmTypeId: integer('alarm_type_id')
      .notNull()
      .references(() => alarmTypes.id),
    controllerId: integer('controller_id')
      .notNull()
      .references(() => controllers.id),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    locationId: integer('location_id').references(() => locations.id),
    /** What the condition is about: `{rack}:{metric}`, a point addr, a device code or `controller`. */
    subject: text('subject').notNull(),
    rackRef: text('rack_ref'),
    deviceAddress: text('device_address'),
    reason: text('reason').notNull(),
    /** The reason in Spanish (features/alarms/reasons.ts); null on alarms raised before it was written. */
    reasonEs: text('reason_es'),
    severity: text('severity').$type<'critical' | 'high' | 'medium' | 'low'>().notNull(),
    status: text('status').$type<'active' | 'acknowledged' | 'cleared'>().notNull().default('active'),
    value: doublePrecision('value'),
    warranty: boolean('warranty').notNull().default(false),
    raisedAt: ts('raised_at').notNull(),
    registeredAt: ts('registered_at').notNull().defaultNow(),
    acknowledgedAt: ts('acknowledged_at'),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id),
    clearedAt: ts('cleared_at'),
    clearedBy: integer('cleared_by').references(() => users.id),
    occurrences: integer('occurrences').notNull().default(1),
    lastOccurrenceAt: ts('last_occurrence_at').notNull(),
    notes: text('notes').notNull().default(''),
    /** `unresolved` while raised; `resolved` when the condition ended by itself; `cleared_by_user`. */
    healthStatus: text('health_status')
      .$type<'unresolved' | 'resolved' | 'cleared_by_user'>()
      .notNull()
      .default('unresolved'),
    /** Why it was cleared when no person or condition did: `decommissioned` (its controller was taken out of service). */
    clearReason: text('clear_reason'),
  },
  (t) => [
    uniqueIndex('alarms_ref_uq').on(t.ref),
    // The list's order ends with the id (raised_at desc nulls last, id desc): with it in the index,
    // each status's scan gives the page's order without an incremental sort (bench:api, -10 % a page).
    index('alarms_org_status_raised_id_idx').on(
      t.organizationId,
      t.status,
      t.raisedAt.desc(),
      t.id.desc().nullsFirst(),
    ),
    index('alarms_status_raised_id_idx').on(t.status, t.raisedAt.desc(), t.id.desc().nullsFirst()),
    index('alarms_controller_raised_idx').on(t.controllerId, t.raisedAt.desc()),
    // Search by reason (either language) among alarms still open (history is found by ref).
    index('alarms_open_reason_trgm').using('gin', t.reason.op('gin_trgm_ops')).where(sql`status <> 'cleared'`),
    index('alarms_open_reason_es_trgm').using('gin', t.reasonEs.op('gin_trgm_ops')).where(sql`status <> 'cleared'`),
    // One uncleared alarm per condition: a repeat bumps `occurrences` instead.
    uniqueIndex('alarms_open_condition_uq')
      .on(t.controllerId, t.alarmTypeId, t.subject)
      .where(sql`status <> 'cleared'`),
  ],
);

/**
 * Alarm counts kept by a trigger in the same transaction as the alarm change, so the dashboard's
 * tiles never scan the alarms table (design.md section 11).
 */
export const alarmCounters = pgTable(
  'alarm_counters',
  {
    organizationId: integer('organization_id').notNull(),
    locationId: integer('location_id').notNull(),
    status: text('status').notNull(),
    warranty: boolean('warranty').notNull(),
    /** Severity is a counter dimension too: the dashboard's Severity filter then needs no count(*). */
    severity: text('severity').notNull().default(''),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.locationId, t.status, t.warranty, t.severity] })],
);

/**
 * The same counts over every organization, for staff (who see them all): summing `alarm_counters`
 * read thousands of rows per dashboard call at 100 organizations. The trigger does not update these
 * rows (every alarm change of every tenant would queue on a few rows); it appends to
 * `alarm_total_changes`, which the `alarm-totals` job folds in (features/alarms/totals.ts). A read
 * sums both, so it is exact whenever it runs.
 */
export const alarmTotals = pgTable(
  'alarm_totals',
  {
    status: text('status').notNull(),
    warranty: boolean('warranty').notNull(),
    severity: text('severity').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.warranty, t.severity] })],
);

/** Changes to `alarm_totals` not folded in yet (append-only; no index, so an append costs little). */
export const alarmTotalChanges = pgTable('alarm_total_changes', {
  status: text('status').notNull(),
  warranty: boolean('warranty').notNull(),
  severity: text('severity').notNull(),
  delta: integer('delta').notNull(),
});

/** Work that follows an alarm change (email notifications, escalation), written in its transaction. */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: serial('id').primaryKey(),
    alarmId: integer('alarm_id')
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('notification_outbox_pending_idx').on(t.createdAt).where(sql`processed_at is null`)],
);
