import type { Recurrence } from '@rcm/shared/maintenance';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { removeOrArchive } from '../../db/remove-or-archive.ts';
import { maintenanceWindows } from '../../db/schema-maintenance.ts';
import { query, toDate } from '../../lib/sql.ts';
import { scopeSql, type TenantScope } from '../auth/scope.ts';
import type { MaintenanceWindow } from './windows.ts';

export type WindowRow = MaintenanceWindow & {
  organizationId: number;
  locationName: string;
  controllerName: string | null;
  createdBy: { id: number; name: string } | null;
};

type Raw = {
  id: number;
  organization_id: number;
  location_id: number;
  location_name: string;
  timezone: string;
  controller_id: number | null;
  controller_name: string | null;
  rack_ref: string | null;
  starts_at: unknown;
  ends_at: unknown;
  recurrence: Recurrence | string | null;
  reason: string;
  created_by: number | null;
  created_by_name: string | null;
};

const SELECT = sql`select w.id, w.organization_id, w.location_id, l.name as location_name, l.timezone, w.controller_id,
    coalesce(c.name, c.store_alias, c.mac_address) as controller_name, w.rack_ref, w.starts_at, w.ends_at,
    w.recurrence, w.reason, w.created_by, u.name as created_by_name
  from maintenance_windows w
  join locations l on l.id = w.location_id
  left join controllers c on c.id = w.controller_id
  left join users u on u.id = w.created_by`;

function toRow(r: Raw): WindowRow {
  return {
    id: Number(r.id),
    organizationId: Number(r.organization_id),
    locationId: Number(r.location_id),
    locationName: r.location_name,
    timeZone: r.timezone,
    controllerId: r.controller_id == null ? null : Number(r.controller_id),
    controllerName: r.controller_name,
    rackRef: r.rack_ref,
    startsAt: toDate(r.starts_at),
    endsAt: toDate(r.ends_at),
    recurrence: typeof r.recurrence === 'string' ? (JSON.parse(r.recurrence) as Recurrence) : r.recurrence,
    reason: r.reason,
    createdBy: r.created_by == null ? null : { id: Number(r.created_by), name: String(r.created_by_name) },
  };
}

/** Where a window `w` sits in a tenant. */
const WINDOW_COLUMNS = { org: sql`w.organization_id`, loc: sql`w.location_id` };

export function createMaintenanceRepo(db: Db) {
  return {
    /**
     * Windows in scope, not archived; current and upcoming unless `includePast`. A controller's list
     * holds its own windows and its location's.
     */
    async list(
      scope: TenantScope,
      filter: { locationId?: number; controllerId?: number; includePast: boolean },
      now: Date,
    ): Promise<WindowRow[]> {
      const parts = [sql`w.archived_at is null`, scopeSql(scope, WINDOW_COLUMNS)];
      if (!filter.includePast) parts.push(sql`w.ends_at > ${now.toISOString()}::timestamptz`);
      if (filter.locationId !== undefined) parts.push(sql`w.location_id = ${filter.locationId}`);
      if (filter.controllerId !== undefined) {
        parts.push(sql`(w.controller_id = ${filter.controllerId} or (w.controller_id is null
          and w.location_id = (select location_id from controllers where id = ${filter.controllerId})))`);
      }
      const rows = await query<Raw>(db, sql`${SELECT} where ${sql.join(parts, sql` and `)} order by w.starts_at, w.id`);
      return rows.map(toRow);
    },

    async find(id: number, on: Db | Tx = db): Promise<WindowRow | null> {
      const [row] = await query<Raw>(on as Db, sql`${SELECT} where w.id = ${id} and w.archived_at is null`);
      return row ? toRow(row) : null;
    },

    /** Every window that is or will be in force (the ingest side's cache, the end-of-window job). */
    async inForce(on: Db, now: Date): Promise<WindowRow[]> {
      const rows = await query<Raw>(
        on,
        sql`${SELECT} where w.archived_at is null and w.ends_at > ${now.toISOString()}::timestamptz`,
      );
      return rows.map(toRow);
    },

    /** The place a new window names: its controller's organization and location, or the location's. */
    async place(input: { locationId?: number; controllerId?: number }) {
      if (input.controllerId !== undefined) {
        const [c] = await query<{ organization_id: number | null; location_id: number | null; authorised: boolean }>(
          db,
          sql`select organization_id, location_id, authorised from controllers
              where id = ${input.controllerId} and decommissioned_at is null`,
        );
        if (!c?.authorised || c.organization_id == null || c.location_id == null) return null;
        if (input.locationId !== undefined && input.locationId !== Number(c.location_id)) return null;
        return { organizationId: Number(c.organization_id), locationId: Number(c.location_id) };
      }
      const [l] = await query<{ organization_id: number }>(
        db,
        sql`select organization_id from locations where id = ${input.locationId ?? 0} and archived_at is null`,
      );
      return l ? { organizationId: Number(l.organization_id), locationId: input.locationId as number } : null;
    },

    async hasRack(controllerId: number, rackRef: string): Promise<boolean> {
      const rows = await query(db, sql`select 1 from racks where controller_id = ${controllerId} and ref = ${rackRef}`);
      return rows.length > 0;
    },

    async insert(tx: Tx, values: typeof maintenanceWindows.$inferInsert): Promise<number> {
      const [row] = await tx.insert(maintenanceWindows).values(values).returning({ id: maintenanceWindows.id });
      if (!row) throw new Error('maintenance window insert returned nothing');
      return row.id;
    },

    async update(tx: Tx, id: number, values: Partial<typeof maintenanceWindows.$inferInsert>): Promise<void> {
      await tx.update(maintenanceWindows).set(values).where(sql`id = ${id}`);
    },

    /** Deleted, or archived when suppressed alarms name it (their history keeps its reason). */
    remove(tx: Tx, id: number, at: Date) {
      return removeOrArchive(tx, 'maintenance_windows', id, at);
    },
  };
}

export type MaintenanceRepo = ReturnType<typeof createMaintenanceRepo>;
