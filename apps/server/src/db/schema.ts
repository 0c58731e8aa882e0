import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('organizations_name_trgm').using('gin', t.name.op('gin_trgm_ops'))],
);

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    addressLine1: text('address_line_1').notNull().default(''),
    addressLine2: text('address_line_2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    phone: text('phone').notNull().default(''),
    timezone: text('timezone').notNull().default('America/Chicago'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('locations_org_idx').on(t.organizationId),
    index('locations_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('locations_address_trgm').using('gin', t.addressLine1.op('gin_trgm_ops')),
    index('locations_city_trgm').using('gin', t.city.op('gin_trgm_ops')),
  ],
);

export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  organizationId: integer('organization_id').references(() => organizations.id),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  color: text('color').notNull(),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    language: text('language').notNull().default('en-US'),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    teamId: integer('team_id').references(() => teams.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    allLocations: boolean('all_locations').notNull().default(true),
    phone: text('phone').notNull().default(''),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index('users_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

/** Locations a member may see when their membership is not `all_locations`. */
export const userLocations = pgTable(
  'user_locations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.locationId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatorSessionId: integer('impersonator_session_id'),
    remember: boolean('remember').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const controllers = pgTable(
  'controllers',
  {
    id: serial('id').primaryKey(),
    macAddress: text('mac_address').notNull(),
    name: text('name'),
    storeAlias: text('store_alias'),
    organizationId: integer('organization_id').references(() => organizations.id),
    locationId: integer('location_id').references(() => locations.id),
    deviceModel: text('device_model'),
    firmware: text('firmware'),
    vendorEndpoint: text('vendor_endpoint'),
    deviceAddress: text('device_address'),
    warrantyExpiry: date('warranty_expiry', { mode: 'string' }),
    authorised: boolean('authorised').notNull().default(false),
    secureMode: boolean('secure_mode').notNull().default(true),
    online: boolean('online').notNull().default(false),
    lastSeenAt: ts('last_seen_at'),
    deviceKeyHash: text('device_key_hash'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('controllers_mac_uq').on(t.macAddress),
    index('controllers_org_idx').on(t.organizationId),
    index('controllers_pending_idx').on(t.authorised),
    // Search (pg_trgm, migration 0003): contains and typo-tolerant word matches.
    index('controllers_mac_trgm').using('gin', t.macAddress.op('gin_trgm_ops')),
    index('controllers_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('controllers_alias_trgm').using('gin', t.storeAlias.op('gin_trgm_ops')),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    impersonatorUserId: integer('impersonator_user_id').references(() => users.id),
    organizationId: integer('organization_id').references(() => organizations.id),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_created_idx').on(t.createdAt)],
);

/** Latest state of a rack: its name and its rack-level metrics (superheat, liquid level, oil pressure). */
export const racks = pgTable(
  'racks',
  {
    controllerId: integer('controller_id')
      .notNull()
      .references(() => controllers.id, { onDelete: 'cascade' }),
    ref: text('ref').notNull(),
    name: text('name'),
    metrics: jsonb('metrics').$type<Record<string, number>>().notNull().default({}),
    updatedAt: ts('updated_at').notNull(),
    /**
     * What the last written message said of the rack besides values: a hash of its metric names and of
     * its points' address, name, unit, set point, status and whether a value was sent. Ingest compares
     * it to skip the rack's points when nothing but values changed (writer.ts).
     */
    sig: text('sig'),
    /** When every point of the rack was last rewritten (at most LATEST_REFRESH ago while it reports). */
    pointsAt: ts('points_at'),
  },
  (t) => [primaryKey({ columns: [t.controllerId, t.ref] })],
);

/** Latest value of every rack point (the controller view's Rack tab). */
export const rackPoints = pgTable(
  'rack_points',
  {
    controllerId: integer('controller_id')
      .notNull()
      .references(() => controllers.id, { onDelete: 'cascade' }),
    addr: text('addr').notNull(),
    rackRef: text('rack_ref').notNull(),
    name: text('name'),
    unit: text('unit'),
    setPoint: doublePrecision('set_point'),
    status: text('status').notNull(),
    value: doublePrecision('value'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.controllerId, t.addr] })],
);

/**
 * Time series: one row per value (point addr or rack metric `{rack}:{metric}`). No unique key:
 * duplicates are removed per message through ingest_messages, which is far cheaper than per row.
 */
export const readings = pgTable(
  'readings',
  {
    controllerId: integer('controller_id').notNull(),
    key: text('key').notNull(),
    ts: ts('ts').notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [index('readings_controller_key_ts_idx').on(t.controllerId, t.key, t.ts)],
);

/** Hourly rollups for long chart ranges, refreshed by a scheduled job. */
export const readingsHourly = pgTable(
  'readings_hourly',
  {
    controllerId: integer('controller_id').notNull(),
    key: text('key').notNull(),
    bucket: ts('bucket').notNull(),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
    sum: doublePrecision('sum').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.controllerId, t.key, t.bucket] })],
);

/** Every accepted device message id: a repeated msg_id is stored once (idempotent ingest). */
export const ingestMessages = pgTable(
  'ingest_messages',
  {
    controllerId: integer('controller_id').notNull(),
    msgId: text('msg_id').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  // BRIN for the retention delete: ids arrive in time order, and a BRIN index costs next to nothing per
  // insert (a btree on received_at was a quarter of the dedupe insert's time).
  (t) => [
    primaryKey({ columns: [t.controllerId, t.msgId] }),
    index('ingest_messages_received_idx').using('brin', t.receivedAt),
  ],
);

/** The alarm catalogue (design.md section 8): data, editable in settings. */
export const alarmTypes = pgTable(
  'alarm_types',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEs: text('name_es').notNull(),
    /** metric: a rack metric; point: a point addr pattern; status: a point status; device; offline. */
    source: text('source').$type<'metric' | 'point' | 'status' | 'device' | 'offline'>().notNull(),
    /** Metric name, point-addr suffix pattern (e.g. `CASE*`), point status, or device code. */
    match: text('match').notNull(),
    comparator: text('comparator').$type<'lt' | 'gt' | 'eq'>().notNull().default('gt'),
    threshold: doublePrecision('threshold'),
    hysteresis: doublePrecision('hysteresis').notNull().default(0),
    delaySeconds: integer('delay_seconds').notNull().default(0),
    severity: text('severity').$type<'critical' | 'high' | 'medium' | 'low'>().notNull(),
    autoClear: boolean('auto_clear').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    /** Escalation (issue 6): null delay = no escalation; repeat null = notify the next tier once. */
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
    healthStatus: text('health_status').notNull().default('unresolved'),
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
