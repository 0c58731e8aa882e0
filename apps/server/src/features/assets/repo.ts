import {
  type Asset,
  type AssetListQuery,
  type AssetOptions,
  type AssetType,
  WARRANTY_SOON_DAYS,
  warrantyStateOf,
} from '@rcm/shared/assets';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { assets } from '../../db/schema-inventory.ts';
import { containsPattern, query } from '../../lib/sql.ts';
import { scopeSql, type TenantScope } from '../auth/scope.ts';

const SORTS: Record<AssetListQuery['sort'], SQL> = {
  name: sql`l.name asc, a.name asc, a.id`,
  '-name': sql`l.name desc, a.name desc, a.id`,
  warranty_expiry: sql`a.warranty_expiry asc nulls last, a.id`,
  '-warranty_expiry': sql`a.warranty_expiry desc nulls last, a.id`,
  installed_at: sql`a.installed_at asc nulls last, a.id`,
  '-installed_at': sql`a.installed_at desc nulls last, a.id`,
};

export type AssetValues = {
  locationId: number;
  type: AssetType;
  name: string;
  manufacturer: string;
  model: string;
  serial: string;
  installedAt: string | null;
  warrantyExpiry: string | null;
  controllerId: number | null;
};

const SELECT = sql`select a.*, a.installed_at::text as installed, a.warranty_expiry::text as expiry, o.name as org_name,
    l.name as location_name, c.name as controller_name, c.mac_address
  from assets a join organizations o on o.id = a.organization_id join locations l on l.id = a.location_id
  left join controllers c on c.id = a.controller_id`;

function toAsset(r: Record<string, unknown>, today: string): Asset {
  const expiry = (r.expiry as string | null) ?? null;
  return {
    id: Number(r.id),
    organisation: { id: Number(r.organization_id), name: String(r.org_name) },
    location: { id: Number(r.location_id), name: String(r.location_name) },
    type: r.type as AssetType,
    name: String(r.name),
    manufacturer: String(r.manufacturer),
    model: String(r.model),
    serial: String(r.serial),
    installed_at: (r.installed as string | null) ?? null,
    warranty_expiry: expiry,
    warranty: warrantyStateOf(expiry, today),
    controller:
      r.controller_id == null
        ? null
        : {
            id: Number(r.controller_id),
            name: String(r.controller_name ?? r.mac_address),
            mac_address: String(r.mac_address),
          },
  };
}

/** Where assets `a`, controllers `c` and locations `l` sit in a tenant (a location's own id is its location). */
const ASSET_COLUMNS = { org: sql`a.organization_id`, loc: sql`a.location_id` };
const CONTROLLER_COLUMNS = { org: sql`c.organization_id`, loc: sql`c.location_id` };
const LOCATION_COLUMNS = { org: sql`l.organization_id`, loc: sql`l.id` };

export function createAssetsRepo(db: Db) {
  return {
    async list(q: AssetListQuery, scope: TenantScope, today: string) {
      const where: SQL[] = [scopeSql(scope, ASSET_COLUMNS)];
      if (q.q) {
        const like = containsPattern(q.q);
        where.push(
          sql`(a.name ilike ${like} or a.manufacturer ilike ${like} or a.model ilike ${like} or a.serial ilike ${like})`,
        );
      }
      if (q.location_id) where.push(sql`a.location_id = ${q.location_id}`);
      if (q.organization_id) where.push(sql`a.organization_id = ${q.organization_id}`);
      if (q.type) where.push(sql`a.type = ${q.type}`);
      const soon = sql`(${today}::date + ${WARRANTY_SOON_DAYS}::int)`;
      if (q.warranty === 'none') where.push(sql`a.warranty_expiry is null`);
      if (q.warranty === 'expired') where.push(sql`a.warranty_expiry < ${today}::date`);
      if (q.warranty === 'expiring')
        where.push(sql`a.warranty_expiry >= ${today}::date and a.warranty_expiry <= ${soon}`);
      if (q.warranty === 'active') where.push(sql`a.warranty_expiry > ${soon}`);
      const cond = sql.join(where, sql` and `);
      const [total] = await query<{ n: number }>(db, sql`select count(*)::int as n from assets a where ${cond}`);
      const rows = await query(
        db,
        sql`${SELECT} where ${cond} order by ${SORTS[q.sort]} limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
      );
      return { items: rows.map((r) => toAsset(r, today)), total: Number(total?.n ?? 0) };
    },

    async findById(id: number, today: string): Promise<Asset | null> {
      const [row] = await query(db, sql`${SELECT} where a.id = ${id}`);
      return row ? toAsset(row, today) : null;
    },

    async location(id: number) {
      const [row] = await query<{ id: number; organization_id: number }>(
        db,
        sql`select id, organization_id from locations where id = ${id}`,
      );
      return row ? { id: Number(row.id), organizationId: Number(row.organization_id) } : null;
    },

    async controllerLocation(id: number): Promise<number | null | undefined> {
      const [row] = await query<{ location_id: number | null }>(
        db,
        sql`select location_id from controllers where id = ${id} and authorised`,
      );
      return row ? (row.location_id == null ? null : Number(row.location_id)) : undefined;
    },

    async options(scope: TenantScope): Promise<AssetOptions> {
      const locations = await query<Record<string, unknown>>(
        db,
        sql`select l.id, l.name, o.name as organization_name from locations l join organizations o on o.id = l.organization_id
            where ${scopeSql(scope, LOCATION_COLUMNS)} and l.archived_at is null order by o.name, l.name`,
      );
      const controllers = await query<Record<string, unknown>>(
        db,
        sql`select c.id, coalesce(c.name, c.mac_address) as name, c.mac_address, c.location_id from controllers c
            where c.authorised and c.location_id is not null and ${scopeSql(scope, CONTROLLER_COLUMNS)} order by 2`,
      );
      return {
        locations: locations.map((l) => ({
          id: Number(l.id),
          name: String(l.name),
          organization_name: String(l.organization_name),
        })),
        controllers: controllers.map((c) => ({
          id: Number(c.id),
          name: String(c.name),
          mac_address: String(c.mac_address),
          location_id: Number(c.location_id),
        })),
      };
    },

    async insert(organizationId: number, values: AssetValues, tx: Tx): Promise<number> {
      const [row] = await tx
        .insert(assets)
        .values({ organizationId, ...values })
        .returning({ id: assets.id });
      return row?.id ?? 0;
    },

    async update(id: number, organizationId: number, values: AssetValues, tx: Tx): Promise<void> {
      await tx
        .update(assets)
        .set({ organizationId, ...values })
        .where(eq(assets.id, id));
    },

    /** Nothing refers to an asset (the register is its only home), so removal deletes the row. */
    async remove(id: number, on: Db | Tx): Promise<void> {
      await on.delete(assets).where(eq(assets.id, id));
    },
  };
}

export type AssetsRepo = ReturnType<typeof createAssetsRepo>;
