import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { controllers, parentColumn, ts } from './schema.ts';

/** What devices send: the racks' and points' latest values, raw readings, their hourly rollups, message ids. */
/** Latest state of a rack: its name and its rack-level metrics (superheat, liquid level, oil pressure). */
export const racks = pgTable(
  'racks',
  {
    controllerId: parentColumn('controller_id', () => controllers.id),
    ref: text('ref').notNull(),
    name: text('name'),
    metrics: jsonb('metrics').$type<Record<string, number>>().notNull().default({}),
    updatedAt: ts('updated_at').notNull(),
    /**
     * What the last written message said of the rack besides values: a hash of its metric names and of
     * its points' address, name, unit, set point, status and whether a value was sent. Ingest compares
     * it to skip the rack's points when nothing but values changed (ingest/writer/telemetry-writer.ts).
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
    controllerId: parentColumn('controller_id', () => controllers.id),
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
    /** The simulated product temperature of a case point whose alarm type has a probe (features/alarms/case-state.ts). */
    productValue: doublePrecision('product_value'),
  },
  (t) => [index('readings_controller_key_ts_idx').on(t.controllerId, t.key, t.ts)],
);

/** Hourly rollups for long chart ranges, refreshed by a scheduled task. */
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
    /** The hour's highest product temperature, where the point has one. */
    productMax: doublePrecision('product_max'),
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
