import type { PointStatus } from '@rcm/shared/device';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { controllers, users } from '../db/schema.ts';
import { alarms, alarmTypes } from '../db/schema-alarms.ts';
import {
  deviceReasons,
  metricLabel,
  offlineReasons,
  pointLabel,
  type Reasons,
  statusReasons,
  thresholdReasons,
} from '../features/alarms/engine/reasons.ts';

type NewAlarm = typeof alarms.$inferInsert;

/** Deterministic pseudo-random numbers, so every demo database tells the same story. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type AlarmTypeRow = typeof alarmTypes.$inferSelect;

/** The reasons the engine would have written (features/alarms/reasons.ts) for a value of this type. */
type Reasoner = (type: AlarmTypeRow, value: number | null) => Reasons;
const metric =
  (name: string, unit: string): Reasoner =>
  (type, v) =>
    thresholdReasons(type, metricLabel('A', name), v, unit);
const point =
  (name: string, unit: string): Reasoner =>
  (type, v) =>
    thresholdReasons(type, pointLabel(name), v, unit);
const status =
  (name: string, addr: string, reported: PointStatus): Reasoner =>
  (type) =>
    statusReasons(type, pointLabel(name), addr, reported);

// What each catalogue type is about, a plausible value when it was raised, and its reasons.
const SUBJECTS: Record<string, { subject: string; value: (r: () => number) => number | null; reasons: Reasoner }> = {
  LOW_SUPERHEAT: { subject: 'A:superheat', value: (r) => 1.5 + r() * 3, reasons: metric('superheat', 'K') },
  HIGH_SUPERHEAT: { subject: 'A:superheat', value: (r) => 21 + r() * 8, reasons: metric('superheat', 'K') },
  LOW_LIQUID_LEVEL: { subject: 'A:liquid_level', value: (r) => 6 + r() * 12, reasons: metric('liquid_level', '%') },
  LOW_OIL_PRESSURE: { subject: 'A:oil_pressure', value: (r) => 3 + r() * 8, reasons: metric('oil_pressure', 'psi') },
  HIGH_SUCTION_PRESSURE: { subject: 'A.SUCT', value: (r) => 61 + r() * 10, reasons: point('Suction Pressure', 'psig') },
  HIGH_DISCHARGE_PRESSURE: {
    subject: 'A.DISCH',
    value: (r) => 301 + r() * 40,
    reasons: point('Discharge Pressure', 'psig'),
  },
  CASE_HIGH_TEMP: { subject: 'A.CASE1', value: (r) => 41.5 + r() * 8, reasons: point('Case 1 Temperature', '°F') },
  COMPRESSOR_PROOF_FAILURE: {
    subject: 'COMP_PROOF@A',
    value: () => null,
    reasons: (type) => deviceReasons(type, 'COMP_PROOF'),
  },
  RACK_MANUALLY_ON: { subject: 'A.COMP1', value: () => null, reasons: status('Compressor 1', 'A.COMP1', 'manual_on') },
  SENSOR_FAILURE: { subject: 'A.CASE2', value: () => null, reasons: status('Case 2 Temperature', 'A.CASE2', 'fault') },
  CONTROLLER_OFFLINE: {
    subject: 'controller',
    value: () => null,
    reasons: (type) => offlineReasons(type, type.threshold ?? 10),
  },
};

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * A year of alarm history for the demo: mostly cleared alarms with who acknowledged and cleared
 * them and when, plus a handful still active or acknowledged today.
 */
export async function seedAlarmHistory(db: Db, now = new Date(), count = 720): Promise<void> {
  const random = mulberry32(20261122);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;
  const types = (await db.select().from(alarmTypes)).filter((t) => SUBJECTS[t.code]);
  const fleet = await db
    .select({
      id: controllers.id,
      organizationId: controllers.organizationId,
      locationId: controllers.locationId,
      deviceAddress: controllers.deviceAddress,
      warrantyExpiry: controllers.warrantyExpiry,
    })
    .from(controllers)
    .where(eq(controllers.authorised, true));
  const actors = (await db.select({ id: users.id, email: users.email }).from(users)).filter((u) =>
    ['admin@example.com', 'technician@example.com', 'manager@example.com'].includes(u.email),
  );
  if (types.length === 0 || fleet.length === 0 || actors.length === 0) return;

  const open = new Set<string>();
  const rows: NewAlarm[] = [];
  for (let i = 0; i < count; i++) {
    const type = pick(types);
    const c = pick(fleet);
    const spec = SUBJECTS[type.code];
    if (!spec || c.organizationId === null) continue;
    // The newest few stay open, one per condition (as the engine would keep them).
    const recent = i < 24;
    // Raised at least 12 hours ago: an acknowledgement (up to 93 minutes later) and a clear (up to
    // another 10 hours) always lie in the past.
    const raisedAt = new Date(
      now.getTime() - (recent ? 12 * HOUR + random() * 36 * HOUR : 3 * DAY + random() * 362 * DAY),
    );
    const key = `${c.id}|${type.id}|${spec.subject}`;
    let status: 'active' | 'acknowledged' | 'cleared' = 'cleared';
    // Open offline alarms are the silent controllers' (offline.ts): the fleet's controllers are online.
    if (recent && !open.has(key) && spec.subject !== 'controller') {
      status = random() < 0.6 ? 'active' : 'acknowledged';
      open.add(key);
    }
    const ackAt = status === 'active' ? null : new Date(raisedAt.getTime() + (3 + random() * 90) * MINUTE);
    const clearedAt = status === 'cleared' && ackAt ? new Date(ackAt.getTime() + (10 + random() * 600) * MINUTE) : null;
    const value = spec.value(random);
    const day = raisedAt.toISOString().slice(0, 10);
    const rounded = value === null ? null : Math.round(value * 10) / 10;
    const { reason, reasonEs } = spec.reasons(type, rounded);
    const acknowledgedBy = ackAt ? pick(actors).id : null;
    const clearedBy = clearedAt && random() < 0.7 ? pick(actors).id : null;
    rows.push({
      alarmTypeId: type.id,
      controllerId: c.id,
      organizationId: c.organizationId,
      locationId: c.locationId,
      subject: spec.subject,
      rackRef: spec.subject === 'controller' ? null : 'A',
      deviceAddress: c.deviceAddress,
      reason,
      reasonEs,
      severity: type.severity,
      status,
      value: rounded,
      warranty: c.warrantyExpiry !== null && c.warrantyExpiry >= day,
      raisedAt,
      registeredAt: raisedAt,
      lastOccurrenceAt: raisedAt,
      acknowledgedAt: ackAt,
      acknowledgedBy,
      clearedAt,
      clearedBy,
      occurrences: 1 + (random() < 0.15 ? Math.floor(random() * 4) : 0),
      // Cleared by a person, or by the condition ending (no one named).
      healthStatus: status !== 'cleared' ? 'unresolved' : clearedBy ? 'cleared_by_user' : 'resolved',
    });
  }
  rows.sort((a, b) => (a.raisedAt as Date).getTime() - (b.raisedAt as Date).getTime());
  for (let i = 0; i < rows.length; i += 200) await db.insert(alarms).values(rows.slice(i, i + 200));
}
