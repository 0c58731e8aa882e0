import {
  availabilityOf,
  type InventoryCsvRow,
  type InventoryItem,
  type InventoryListQuery,
  type ItemType,
} from '@rcm/shared/inventory';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { inventoryItems } from '../../db/schema-inventory.ts';
import { containsPattern, query, toIso } from '../../lib/sql.ts';
import { scopeSql, type TenantScope } from '../auth/scope.ts';

const SORTS: Record<InventoryListQuery['sort'], SQL> = {
  product_name: sql`i.product_name asc, i.id`,
  '-product_name': sql`i.product_name desc, i.id`,
  part_number: sql`i.part_number asc, i.id`,
  '-part_number': sql`i.part_number desc, i.id`,
  quantity: sql`i.quantity asc, i.id`,
  '-quantity': sql`i.quantity desc, i.id`,
  unit_price: sql`i.unit_price_cents asc, i.id`,
  '-unit_price': sql`i.unit_price_cents desc, i.id`,
};

const AVAILABILITY_SQL: Record<NonNullable<InventoryListQuery['availability']>, SQL> = {
  out_of_stock: sql`i.quantity <= 0`,
  low_stock: sql`i.quantity > 0 and i.quantity <= i.reorder_level`,
  in_stock: sql`i.quantity > i.reorder_level and i.quantity > 0`,
  needs_reorder: sql`i.quantity <= i.reorder_level`,
};

export type ItemValues = {
  productName: string;
  partNumber: string;
  type: ItemType;
  brand: string;
  specification: string;
  quantity: number;
  reorderLevel: number;
  unitPriceCents: number;
};

export const toCents = (usd: number) => Math.round(usd * 100);

function toItem(r: Record<string, unknown>): InventoryItem {
  const quantity = Number(r.quantity);
  const reorderLevel = Number(r.reorder_level);
  return {
    id: Number(r.id),
    organisation: { id: Number(r.organization_id), name: String(r.org_name) },
    product_name: String(r.product_name),
    part_number: String(r.part_number),
    type: r.type as ItemType,
    brand: String(r.brand),
    specification: String(r.specification),
    quantity,
    reorder_level: reorderLevel,
    unit_price: Number(r.unit_price_cents) / 100,
    availability: availabilityOf(quantity, reorderLevel),
    updated_at: toIso(r.updated_at) ?? '',
  };
}

export function createItemsRepo(db: Db, now: () => Date) {
  const select = sql`select i.*, o.name as org_name from inventory_items i join organizations o on o.id = i.organization_id`;
  return {
    async list(q: InventoryListQuery, scope: TenantScope) {
      const where: SQL[] = [scopeSql(scope, { org: sql`i.organization_id` }), sql`i.archived_at is null`];
      if (q.q) {
        const like = containsPattern(q.q);
        where.push(
          sql`(i.product_name ilike ${like} or i.part_number ilike ${like} or i.brand ilike ${like} or i.specification ilike ${like})`,
        );
      }
      if (q.type) where.push(sql`i.type = ${q.type}`);
      if (q.brand) where.push(sql`i.brand = ${q.brand}`);
      if (q.organization_id) where.push(sql`i.organization_id = ${q.organization_id}`);
      if (q.availability) where.push(AVAILABILITY_SQL[q.availability]);
      const cond = sql.join(where, sql` and `);
      const [total] = await query<{ n: number }>(
        db,
        sql`select count(*)::int as n from inventory_items i where ${cond}`,
      );
      const rows = await query(
        db,
        sql`${select} where ${cond} order by ${SORTS[q.sort]} limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
      );
      return { items: rows.map(toItem), total: Number(total?.n ?? 0) };
    },

    async brands(scope: TenantScope): Promise<string[]> {
      const rows = await query<{ brand: string }>(
        db,
        sql`select distinct i.brand from inventory_items i
            where ${scopeSql(scope, { org: sql`i.organization_id` })} and i.archived_at is null and i.brand <> '' order by 1`,
      );
      return rows.map((r) => r.brand);
    },

    /** An item in stock; archived items are found only on the orders that hold them. */
    async findById(id: number): Promise<InventoryItem | null> {
      const [row] = await query(db, sql`${select} where i.id = ${id} and i.archived_at is null`);
      return row ? toItem(row) : null;
    },

    /** The archived item of the organization with this part number, if any (creating it again restores it). */
    async archivedByPart(organizationId: number, partNumber: string): Promise<number | null> {
      const [row] = await query<{ id: number }>(
        db,
        sql`select id from inventory_items where organization_id = ${organizationId}
              and lower(part_number) = lower(${partNumber}) and archived_at is not null`,
      );
      return row ? Number(row.id) : null;
    },

    async restore(id: number, values: ItemValues, on: Db | Tx = db): Promise<void> {
      await on
        .update(inventoryItems)
        .set({ ...values, archivedAt: null, updatedAt: now() })
        .where(eq(inventoryItems.id, id));
    },

    /**
     * What an item's removal meets, with the row locked in `on`'s transaction: orders still open
     * (draft or sent) and whether any order ever held it.
     */
    async usage(id: number, on: Db | Tx): Promise<{ openOrders: number; ordered: boolean }> {
      await query(on, sql`select id from inventory_items where id = ${id} for update`);
      const [row] = await query<{ open: number; any: number }>(
        on,
        sql`select count(distinct p.id) filter (where p.status in ('draft', 'sent'))::int as open, count(*)::int as any
            from purchase_order_lines x join purchase_orders p on p.id = x.purchase_order_id where x.item_id = ${id}`,
      );
      return { openOrders: Number(row?.open ?? 0), ordered: Number(row?.any ?? 0) > 0 };
    },

    async archive(id: number, at: Date, on: Db | Tx): Promise<void> {
      await on.update(inventoryItems).set({ archivedAt: at, updatedAt: at }).where(eq(inventoryItems.id, id));
    },

    async remove(id: number, on: Db | Tx): Promise<void> {
      await on.delete(inventoryItems).where(eq(inventoryItems.id, id));
    },

    async partNumberTaken(organizationId: number, partNumber: string, exceptId?: number): Promise<boolean> {
      const [row] = await query(
        db,
        sql`select 1 from inventory_items where organization_id = ${organizationId} and lower(part_number) = lower(${partNumber})
              and id <> ${exceptId ?? 0} limit 1`,
      );
      return !!row;
    },

    async insert(organizationId: number, values: ItemValues, on: Db | Tx = db): Promise<number> {
      const [row] = await on
        .insert(inventoryItems)
        .values({ organizationId, ...values })
        .returning({ id: inventoryItems.id });
      return row?.id ?? 0;
    },

    async update(id: number, values: ItemValues, on: Db | Tx = db): Promise<void> {
      await on
        .update(inventoryItems)
        .set({ ...values, updatedAt: now() })
        .where(eq(inventoryItems.id, id));
    },

    /**
     * Writes every row in `on`'s transaction (a new one on the database): a row whose part number
     * exists in the organization updates that item, any other row creates one. Any failure rolls all
     * of it back.
     */
    /** Organizations by name (case-insensitive), archived ones left out: an import's organization column. */
    async organizationsNamed(names: readonly string[]): Promise<Map<string, number>> {
      if (names.length === 0) return new Map();
      const rows = await query<{ id: number; name: string }>(
        db,
        sql`select id, name from organizations
            where lower(name) = any(${sql.param(names.map((n) => n.toLowerCase()))}::text[]) and archived_at is null`,
      );
      return new Map(rows.map((r) => [r.name.toLowerCase(), Number(r.id)]));
    },

    async importRows(
      organizationId: number,
      rows: InventoryCsvRow[],
      on: Db | Tx = db,
    ): Promise<{ created: number; updated: number }> {
      return on.transaction(async (tx) => {
        let created = 0;
        let updated = 0;
        for (const r of rows) {
          const values: ItemValues = {
            productName: r.product_name,
            partNumber: r.part_number,
            type: r.type,
            brand: r.brand,
            specification: r.specification,
            quantity: r.quantity,
            reorderLevel: r.reorder_level,
            unitPriceCents: toCents(r.unit_price),
          };
          const [existing] = await tx
            .select({ id: inventoryItems.id })
            .from(inventoryItems)
            .where(
              and(
                eq(inventoryItems.organizationId, organizationId),
                sql`lower(${inventoryItems.partNumber}) = lower(${r.part_number})`,
              ),
            );
          if (existing) {
            // A part number of an archived item brings the item back.
            await tx
              .update(inventoryItems)
              .set({ ...values, archivedAt: null, updatedAt: now() })
              .where(eq(inventoryItems.id, existing.id));
            updated += 1;
          } else {
            await tx.insert(inventoryItems).values({ organizationId, ...values });
            created += 1;
          }
        }
        return { created, updated };
      });
    },
  };
}

export type ItemsRepo = ReturnType<typeof createItemsRepo>;
