/**
 * The alarm engine's tables (features/alarms): the catalogue, holding conditions, alarms, their
 * counters and totals, and the outbox of work that follows an alarm change. Moved out of schema.ts,
 * which keeps tenancy, users, controllers and their telemetry.
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
import {
  controllers,
  escalationPolicies,
  locations,
  organizationColumn,
  parentColumn,
  placeColumns,
  ts,
  users,
} from './schema.ts';
import { maintenanceWindows } from './schema-maintenance.ts';

/** The alarm catalogue (docs/contracts.md §8): data, editable in settings. */
export const alarmTypes = pgTable(
  'alarm_types',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEs: text('name_es').notNull(),
    /** metric: a rack metric; point: a point addr pattern; status: a point status; device; offline. */
    source: text('source')
      .$type<'metric' | 'point' | 'status' | 'device' | 'offline' | 'trend' | 'defrost' | 'cycling'>()
      .notNull(),
    /** Metric name, point-addr suffix pattern (e.g. `CASE*`), point status, or device code. */
    match: text('match').notNull(),
    comparator: text('comparator').$type<'lt' | 'gt' | 'eq'>().notNull().default('gt'),
    threshold: doublePrecision('threshold'),
    hysteresis: doublePrecision('hysteresis').notNull().default(0),
    delaySeconds: integer('delay_seconds').notNull().default(0),
    severity: text('severity').$type<'critical' | 'high' | 'medium' | 'low'>().notNull(),
    autoClear: boolean('auto_clear').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    /** Who is paged (features/oncall); null: the default policy. A location's own policy wins. */
    escalationPolicyId: integer('escalation_policy_id').references(() => escalationPolicies.id),
    /** Chattering: this many raises of one condition within `chatter_minutes` (ISA-18.2). */
    chatterCount: integer('chatter_count').notNull().default(3),
    chatterMinutes: integer('chatter_minutes').notNull().default(60),
    /** A point rule is not judged while its point defrosts nor this many minutes after (0..240). */
    defrostRecoveryMinutes: integer('defrost_recovery_minutes').notNull().default(45),
    /** When set (5..240), a point rule judges a simulated product temperature with this time constant. */
    productProbeMinutes: integer('product_probe_minutes'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('alarm_types_code_uq').on(t.code)],
);

/** A condition that holds but has not yet lasted its type's delay, or that holds under an open alarm. */
export const alarmConditions = pgTable(
  'alarm_conditions',
  {
    controllerId: parentColumn('controller_id', () => controllers.id),
    alarmTypeId: parentColumn('alarm_type_id', () => alarmTypes.id),
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
    organizationId: organizationColumn(),
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
    /** Raised inside a maintenance window: no email, no escalation, out of the default list. */
    suppressed: boolean('suppressed').notNull().default(false),
    maintenanceWindowId: integer('maintenance_window_id').references(() => maintenanceWindows.id),
    /** Shelved by a person until then (the shelving task ends it); null when not shelved. */
    shelvedUntil: ts('shelved_until'),
    shelvedBy: integer('shelved_by').references(() => users.id),
    shelveReason: text('shelve_reason'),
    /**
     * Recorded late: raised from messages a device sent after an outage (`historical: true`, a store
     * gateway's outbox), at their own times; never paged (features/alarms/README.md).
     */
    historical: boolean('historical').notNull().default(false),
    /** Raised `chatter_count` times within `chatter_minutes`: emailed at most once an hour. */
    chattering: boolean('chattering').notNull().default(false),
    /**
     * What lists, filters and counters file the alarm under: an open alarm that is suppressed or
     * shelved is neither active nor acknowledged there.
     */
    listStatus: text('list_status')
      .$type<'active' | 'acknowledged' | 'cleared' | 'suppressed' | 'shelved'>()
      .notNull()
      .generatedAlwaysAs(
        sql`case when status = 'cleared' then 'cleared' when suppressed then 'suppressed' when shelved_until is not null then 'shelved' else status end`,
      ),
  },
  (t) => [
    uniqueIndex('alarms_ref_uq').on(t.ref),
    // The list's order ends with the id (raised_at desc nulls last, id desc): with it in the index,
    // each status's scan gives the page's order without an incremental sort (bench:api, -10 % a page).
    index('alarms_org_list_status_raised_id_idx').on(
      t.organizationId,
      t.listStatus,
      t.raisedAt.desc(),
      t.id.desc().nullsFirst(),
    ),
    index('alarms_list_status_raised_id_idx').on(t.listStatus, t.raisedAt.desc(), t.id.desc().nullsFirst()),
    // Chattering and bad actors: raises of one condition over time.
    index('alarms_condition_raised_idx').on(t.controllerId, t.alarmTypeId, t.subject, t.raisedAt),
    // Floods: raises at one location over time.
    index('alarms_location_raised_idx').on(t.locationId, t.raisedAt),
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
 * tiles never scan the alarms table (docs/contracts.md §11).
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
 * `alarm_total_changes`, which the `alarm-totals` task folds in (features/alarms/totals.ts). A read
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
    alarmId: parentColumn('alarm_id', () => alarms.id),
    event: text('event').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('notification_outbox_pending_idx').on(t.createdAt).where(sql`processed_at is null`)],
);

/** Each time a person shelved an alarm (the alarm's own columns hold the current one): the report's time shelved. */
export const alarmShelvings = pgTable(
  'alarm_shelvings',
  {
    id: serial('id').primaryKey(),
    alarmId: integer('alarm_id')
      .notNull()
      .references(() => alarms.id),
    userId: integer('user_id').references(() => users.id),
    reason: text('reason').notNull(),
    shelvedAt: ts('shelved_at').notNull(),
    until: ts('until').notNull(),
    /** When it ended: `until` when it expired, earlier when unshelved or cleared. */
    endedAt: ts('ended_at'),
    endedBy: integer('ended_by').references(() => users.id),
  },
  (t) => [index('alarm_shelvings_alarm_idx').on(t.alarmId), index('alarm_shelvings_shelved_at_idx').on(t.shelvedAt)],
);

/** More than 10 alarms raised at one location within 10 minutes, from detection until it subsides. */
export const alarmFloods = pgTable(
  'alarm_floods',
  {
    id: serial('id').primaryKey(),
    ...placeColumns(),
    startedAt: ts('started_at').notNull(),
    endedAt: ts('ended_at'),
    /** Alarms raised at the location from 10 minutes before the start until the end. */
    alarmCount: integer('alarm_count').notNull().default(0),
  },
  (t) => [
    index('alarm_floods_location_started_idx').on(t.locationId, t.startedAt),
    uniqueIndex('alarm_floods_open_uq').on(t.locationId).where(sql`ended_at is null`),
  ],
);
