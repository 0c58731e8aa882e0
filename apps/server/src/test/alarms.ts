import type { AlarmListStatus, AlarmStatus } from '@rcm/shared/alarms';
import type { AlarmSeverity } from '@rcm/shared/device';
import type { Permission } from '@rcm/shared/permissions';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { controllers, organizations, roles, users } from '../db/schema.ts';
import { alarms, alarmTypes } from '../db/schema-alarms.ts';

/**
 * The demo seed's authorized controller `i` (0–39). It sits at customer location i % 12: 0–4 are
 * FreshMart #101–#105 (the viewer sees #101 and #102), 5–7 Valle Verde, 8–11 Northwind. Controllers
 * with i % 9 === 4 are offline; those with i % 3 === 0 are under warranty.
 */
export function demoMac(i: number): string {
  const hex = (0x1000 + i).toString(16).padStart(6, '0');
  return `02:52:43:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

export type AlarmSeed = {
  /** A demo controller index (see demoMac). */
  controller: number;
  status?: AlarmStatus;
  /** Default: the type's severity. */
  severity?: AlarmSeverity;
  /** An alarm type code; default LOW_SUPERHEAT. */
  type?: string;
  raisedAt?: Date;
  acknowledgedAt?: Date;
  /** Default: whether the controller is under warranty today. */
  warranty?: boolean;
  /** Default: a subject unique to this seed (open alarms are unique per controller, type and subject). */
  subject?: string;
  rackRef?: string | null;
  notes?: string;
  /** Raised inside a maintenance window (stored without one: the list files it the same). */
  suppressed?: boolean;
  /** Shelved until then. */
  shelvedUntil?: Date | null;
};

export type SeededAlarm = Required<Omit<AlarmSeed, 'acknowledgedAt' | 'notes' | 'shelvedUntil'>> & {
  shelvedUntil: Date | null;
  /** What lists and counters file it under (the database's generated `list_status`). */
  listStatus: AlarmListStatus;
  id: number;
  ref: number;
  controllerId: number;
  organizationId: number;
  locationId: number | null;
  acknowledgedAt: Date | null;
};

/**
 * How many alarms were seeded in each database: an alarm without a given time was raised that many
 * minutes ago. Counted per database, as the test files of one worker share this module.
 */
const seeded = new WeakMap<Db, number>();

/** Inserts alarms directly (as the engine would have raised them) for demo controllers. */
export async function seedAlarms(db: Db, seeds: AlarmSeed[]): Promise<SeededAlarm[]> {
  const macs = [...new Set(seeds.map((s) => demoMac(s.controller)))];
  const devices = new Map(
    (await db.select().from(controllers).where(inArray(controllers.macAddress, macs))).map((c) => [c.macAddress, c]),
  );
  const types = new Map((await db.select().from(alarmTypes)).map((t) => [t.code, t]));
  const today = new Date().toISOString().slice(0, 10);
  let sequence = seeded.get(db) ?? 0;

  const planned = seeds.map((s): Omit<SeededAlarm, 'id' | 'ref'> & { notes: string } => {
    const device = devices.get(demoMac(s.controller));
    const type = types.get(s.type ?? 'LOW_SUPERHEAT');
    if (!device?.organizationId || !type) throw new Error(`no controller ${s.controller} or type ${s.type}`);
    sequence += 1;
    const raisedAt = s.raisedAt ?? new Date(Date.now() - sequence * 60_000);
    const status = s.status ?? 'active';
    return {
      controller: s.controller,
      controllerId: device.id,
      organizationId: device.organizationId,
      locationId: device.locationId,
      status,
      severity: s.severity ?? type.severity,
      type: type.code,
      raisedAt,
      acknowledgedAt: s.acknowledgedAt ?? (status === 'acknowledged' ? new Date(raisedAt.getTime() + 60_000) : null),
      warranty: s.warranty ?? (device.warrantyExpiry !== null && device.warrantyExpiry >= today),
      subject: s.subject ?? `seed-${sequence}`,
      rackRef: s.rackRef === undefined ? 'A' : s.rackRef,
      notes: s.notes ?? '',
      suppressed: s.suppressed ?? false,
      shelvedUntil: s.shelvedUntil ?? null,
      listStatus: status === 'cleared' ? 'cleared' : s.suppressed ? 'suppressed' : s.shelvedUntil ? 'shelved' : status,
    };
  });
  seeded.set(db, sequence);

  const out: SeededAlarm[] = [];
  for (let i = 0; i < planned.length; i += 1000) {
    const batch = planned.slice(i, i + 1000);
    const rows = await db
      .insert(alarms)
      .values(
        batch.map((p) => ({
          alarmTypeId: types.get(p.type)?.id ?? 0,
          controllerId: p.controllerId,
          organizationId: p.organizationId,
          locationId: p.locationId,
          subject: p.subject,
          rackRef: p.rackRef,
          deviceAddress: '1',
          reason: `${p.type} on ${p.subject}`,
          severity: p.severity,
          status: p.status,
          warranty: p.warranty,
          raisedAt: p.raisedAt,
          lastOccurrenceAt: p.raisedAt,
          acknowledgedAt: p.acknowledgedAt,
          clearedAt: p.status === 'cleared' ? new Date(p.raisedAt.getTime() + 120_000) : null,
          notes: p.notes,
          suppressed: p.suppressed,
          shelvedUntil: p.shelvedUntil,
        })),
      )
      .returning({ id: alarms.id, ref: alarms.ref });
    rows.forEach((row, j) => {
      const p = batch[j];
      if (p) out.push({ ...p, id: row.id, ref: row.ref });
    });
  }
  return out;
}

/**
 * A user copied from a demo user (password demo1234), optionally moved to another organization
 * (with all its locations) or given a role of its own with exactly these permissions.
 */
export async function addUser(
  db: Db,
  opts: { from: string; email: string; organizationName?: string; permissions?: Permission[] },
) {
  const [source] = await db.select().from(users).where(eq(users.email, opts.from));
  if (!source) throw new Error(`no user ${opts.from}`);
  const { id: _id, createdAt: _createdAt, ...rest } = source;
  let organizationId = source.organizationId;
  if (opts.organizationName) {
    const [org] = await db.select().from(organizations).where(eq(organizations.name, opts.organizationName));
    if (!org) throw new Error(`no organization ${opts.organizationName}`);
    organizationId = org.id;
  }
  let roleId = source.roleId;
  if (opts.permissions) {
    const [role] = await db
      .insert(roles)
      .values({ name: opts.email, color: '#334155', permissions: opts.permissions })
      .returning({ id: roles.id });
    roleId = role?.id ?? roleId;
  }
  const [row] = await db
    .insert(users)
    .values({ ...rest, email: opts.email, name: opts.email, organizationId, roleId, allLocations: true, teamId: null })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/**
 * A copy of the demo manager in Valle Verde Supermercados, another organization than the demo
 * users' (FreshMart Foods), optionally given a role of its own with exactly these permissions.
 */
export function addOutsider(db: Db, email: string, permissions?: Permission[]) {
  return addUser(db, {
    from: 'manager@example.com',
    email,
    organizationName: 'Valle Verde Supermercados',
    ...(permissions ? { permissions } : {}),
  });
}
