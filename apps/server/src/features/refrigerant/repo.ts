import type { ApplianceType, RefrigerantCode, RefrigerantEventType } from '@rcm/shared/refrigerant';
import type { MassUnit } from '@rcm/shared/units';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { refrigerantEvents, refrigerantSystems } from '../../db/schema-refrigerant.ts';
import { query, toDate } from '../../lib/sql.ts';

export type SystemRow = {
  controllerId: number;
  rackRef: string;
  refrigerant: RefrigerantCode;
  fullChargeValue: number;
  fullChargeUnit: MassUnit;
  applianceType: ApplianceType;
  leakDetectionSystem: boolean;
  createdAt: Date;
};

export type EventRow = {
  id: number;
  type: RefrigerantEventType;
  at: Date;
  amountValue: number | null;
  amountUnit: MassUnit | null;
  fullChargeKg: number | null;
  applianceType: ApplianceType | null;
  technician: string;
  certificationNumber: string | null;
  result: string | null;
  testKind: string | null;
  leakLocation: string | null;
  notes: string | null;
  jobId: number | null;
  jobNumber: string | null;
  correctsEventId: number | null;
  createdBy: string | null;
  createdAt: Date;
};

export type NewEvent = Omit<EventRow, 'id' | 'jobNumber' | 'createdBy' | 'createdAt'> & {
  controllerId: number;
  rackRef: string;
  createdBy: number;
};

const numOrNull = (v: unknown) => (v == null ? null : Number(v));
const strOrNull = (v: unknown) => (v == null ? null : String(v));

function toSystem(r: Record<string, unknown>): SystemRow {
  return {
    controllerId: Number(r.controller_id),
    rackRef: String(r.rack_ref),
    refrigerant: r.refrigerant as RefrigerantCode,
    fullChargeValue: Number(r.full_charge_value),
    fullChargeUnit: r.full_charge_unit as MassUnit,
    applianceType: r.appliance_type as ApplianceType,
    leakDetectionSystem: Boolean(r.leak_detection_system),
    createdAt: toDate(r.created_at),
  };
}

function toEvent(r: Record<string, unknown>): EventRow {
  return {
    id: Number(r.id),
    type: r.type as RefrigerantEventType,
    at: toDate(r.at),
    amountValue: numOrNull(r.amount_value),
    amountUnit: r.amount_unit as MassUnit | null,
    fullChargeKg: numOrNull(r.full_charge_kg),
    applianceType: r.appliance_type as ApplianceType | null,
    technician: String(r.technician),
    certificationNumber: strOrNull(r.certification_number),
    result: strOrNull(r.result),
    testKind: strOrNull(r.test_kind),
    leakLocation: strOrNull(r.leak_location),
    notes: strOrNull(r.notes),
    jobId: numOrNull(r.job_id),
    jobNumber: strOrNull(r.job_number),
    correctsEventId: numOrNull(r.corrects_event_id),
    createdBy: strOrNull(r.created_by),
    createdAt: toDate(r.created_at),
  };
}

/** Systems and their log; callers check the controller's scope first (`canSeeController`). */
export function createRefrigerantRepo(db: Db) {
  return {
    async controller(id: number) {
      const [row] = await query<{
        id: number;
        organization_id: number | null;
        location_id: number | null;
        authorised: boolean;
      }>(db, sql`select id, organization_id, location_id, authorised from controllers where id = ${id}`);
      return row
        ? { id: row.id, organizationId: row.organization_id, locationId: row.location_id, authorised: row.authorised }
        : null;
    },

    async rackExists(controllerId: number, ref: string): Promise<boolean> {
      const rows = await query(db, sql`select 1 from racks where controller_id = ${controllerId} and ref = ${ref}`);
      return rows.length > 0;
    },

    async system(controllerId: number, ref: string, on: Db | Tx = db): Promise<SystemRow | null> {
      const [row] = await query<Record<string, unknown>>(
        on,
        sql`select * from refrigerant_systems where controller_id = ${controllerId} and rack_ref = ${ref}`,
      );
      return row ? toSystem(row) : null;
    },

    async saveSystem(tx: Tx, row: Omit<SystemRow, 'createdAt'>, now: Date): Promise<void> {
      await tx
        .insert(refrigerantSystems)
        .values({ ...row, updatedAt: now, createdAt: now })
        .onConflictDoUpdate({
          target: [refrigerantSystems.controllerId, refrigerantSystems.rackRef],
          set: {
            refrigerant: row.refrigerant,
            fullChargeValue: row.fullChargeValue,
            fullChargeUnit: row.fullChargeUnit,
            applianceType: row.applianceType,
            leakDetectionSystem: row.leakDetectionSystem,
            updatedAt: now,
          },
        });
    },

    async events(controllerId: number, ref: string, on: Db | Tx = db): Promise<EventRow[]> {
      const rows = await query<Record<string, unknown>>(
        on,
        sql`select e.*, j.number as job_number, u.name as created_by from refrigerant_events e
            left join jobs j on j.id = e.job_id
            left join users u on u.id = e.created_by
            where e.controller_id = ${controllerId} and e.rack_ref = ${ref}
            order by e.at desc, e.id desc`,
      );
      return rows.map(toEvent);
    },

    async insertEvent(tx: Tx, e: NewEvent): Promise<number> {
      const [row] = await tx.insert(refrigerantEvents).values(e).returning({ id: refrigerantEvents.id });
      if (!row) throw new Error('refrigerant event insert returned nothing');
      return row.id;
    },

    /** Serializes writers of one system's log (a correction and the leak rates read the whole log). */
    async lockSystem(tx: Tx, controllerId: number, ref: string): Promise<void> {
      await tx.execute(sql`select 1 from refrigerant_systems
        where controller_id = ${controllerId} and rack_ref = ${ref} for update`);
    },

    /** Hourly medians of a rack's liquid level readings from `from` to `to`, oldest first. */
    async hourlyLevels(controllerId: number, rackRef: string, from: Date, to: Date) {
      return query<{ hour: number; level: number }>(
        db,
        sql`select floor(extract(epoch from ts) / 3600)::int as hour, percentile_cont(0.5) within group (order by value) as level
            from readings where controller_id = ${controllerId} and key = ${`${rackRef}:liquid_level`}
              and ts >= ${from.toISOString()}::timestamptz
              and ts <= ${to.toISOString()}::timestamptz and value is not null
            group by 1 order by 1`,
      );
    },

    async jobInOrganization(jobId: number, organizationId: number): Promise<boolean> {
      const rows = await query(db, sql`select 1 from jobs where id = ${jobId} and organization_id = ${organizationId}`);
      return rows.length > 0;
    },
  };
}

export type RefrigerantRepo = ReturnType<typeof createRefrigerantRepo>;
