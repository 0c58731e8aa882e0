import type {
  PoStatus,
  PurchaseOrderDetail,
  PurchaseOrderListQuery,
  PurchaseOrderSummary,
  Supplier,
} from '@rcm/shared/inventory';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { inventoryItems, purchaseOrderLines, purchaseOrders } from '../../db/schema-inventory.ts';
import { query, toIso } from '../../lib/sql.ts';
import { scopeSql, type TenantScope } from '../auth/scope.ts';
import { toEmail } from '../notifications/repo.ts';

const SUMMARY = sql`select p.id, p.number, p.status, p.organization_id, o.name as org_name, p.location_id, l.name as location_name,
    p.supplier_id, s.code as supplier_code, s.name as supplier_name, s.email as supplier_email, p.notes, p.created_at, p.ordered_at, p.received_at,
    (select count(*)::int from purchase_order_lines x where x.purchase_order_id = p.id) as line_count,
    (select coalesce(sum(x.quantity * x.unit_price_cents), 0)::bigint from purchase_order_lines x where x.purchase_order_id = p.id) as total_cents
  from purchase_orders p join organizations o on o.id = p.organization_id join locations l on l.id = p.location_id
  join suppliers s on s.id = p.supplier_id`;

function toSummary(r: Record<string, unknown>): PurchaseOrderSummary {
  return {
    id: Number(r.id),
    number: String(r.number),
    status: r.status as PoStatus,
    organisation: { id: Number(r.organization_id), name: String(r.org_name) },
    location: { id: Number(r.location_id), name: String(r.location_name) },
    supplier: { id: Number(r.supplier_id), code: String(r.supplier_code), name: String(r.supplier_name) },
    line_count: Number(r.line_count),
    total: Number(r.total_cents) / 100,
    created_at: toIso(r.created_at) ?? '',
    ordered_at: toIso(r.ordered_at),
    received_at: toIso(r.received_at),
  };
}

export type OrderDocument = {
  number: string;
  notes: string;
  organization: string;
  location: { name: string; address: string; phone: string; timeZone: string };
  supplier: { code: string; name: string; email: string; accountNumber: string };
  lines: { partNumber: string; productName: string; quantity: number; unitPriceCents: number }[];
};

export type NewPurchaseOrder = {
  organizationId: number;
  locationId: number;
  supplierId: number;
  notes: string;
  createdBy: number;
  lines: { itemId: number; quantity: number; unitPriceCents: number }[];
};

export function createPurchaseOrdersRepo(db: Db) {
  return {
    async list(q: PurchaseOrderListQuery, scope: TenantScope) {
      const where: SQL[] = [scopeSql(scope, { org: sql`p.organization_id` })];
      if (q.status) where.push(sql`p.status = ${q.status}`);
      if (q.organization_id) where.push(sql`p.organization_id = ${q.organization_id}`);
      const cond = sql.join(where, sql` and `);
      const [total] = await query<{ n: number }>(
        db,
        sql`select count(*)::int as n from purchase_orders p where ${cond}`,
      );
      const rows = await query(
        db,
        sql`${SUMMARY} where ${cond} order by p.created_at desc, p.id desc limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
      );
      return { items: rows.map(toSummary), total: Number(total?.n ?? 0) };
    },

    async detail(id: number): Promise<PurchaseOrderDetail | null> {
      const [row] = await query(db, sql`${SUMMARY} where p.id = ${id}`);
      if (!row) return null;
      const lines = await query(
        db,
        sql`select x.id, x.item_id, i.product_name, i.part_number, x.quantity, x.unit_price_cents,
              i.archived_at is not null as archived
            from purchase_order_lines x join inventory_items i on i.id = x.item_id
            where x.purchase_order_id = ${id} order by x.id`,
      );
      const emails = await query(
        db,
        sql`select e.id, e.kind, e.tier, e.to_address, e.locale, e.status, null as alarm_ref, e.created_at, e.sent_at,
              e.delivered_at, e.opened_at, e.clicked_at, e.rejected_at, e.spam_at, e.soft_bounced_at, e.bounced_at
            from email_messages e where e.purchase_order_id = ${id} order by e.id desc`,
      );
      return {
        ...toSummary(row),
        notes: String(row.notes),
        supplier_email: String(row.supplier_email),
        emails: emails.map(toEmail),
        lines: lines.map((l) => ({
          id: Number(l.id),
          item_id: Number(l.item_id),
          product_name: String(l.product_name),
          part_number: String(l.part_number),
          quantity: Number(l.quantity),
          unit_price: Number(l.unit_price_cents) / 100,
          total: (Number(l.quantity) * Number(l.unit_price_cents)) / 100,
          archived: Boolean(l.archived),
        })),
      };
    },

    /** What the order's PDF and email show: the order, its supplier, the store it ships to, its lines. */
    async document(id: number): Promise<OrderDocument | null> {
      const [row] = await query(
        db,
        sql`select p.number, p.notes, o.name as org_name, l.name as location_name, l.address_line_1 as address_line1, l.city, l.state,
              l.zip, l.phone as location_phone, l.timezone as location_timezone, s.code as supplier_code, s.name as supplier_name, s.email as supplier_email,
              s.account_number
            from purchase_orders p join organizations o on o.id = p.organization_id
            join locations l on l.id = p.location_id join suppliers s on s.id = p.supplier_id where p.id = ${id}`,
      );
      if (!row) return null;
      const lines = await query(
        db,
        sql`select i.part_number, i.product_name, x.quantity, x.unit_price_cents from purchase_order_lines x
            join inventory_items i on i.id = x.item_id where x.purchase_order_id = ${id} order by x.id`,
      );
      const text = (v: unknown) => (v == null ? '' : String(v));
      return {
        number: text(row.number),
        notes: text(row.notes),
        organization: text(row.org_name),
        location: {
          name: text(row.location_name),
          address: [text(row.address_line1), text(row.city), [text(row.state), text(row.zip)].filter(Boolean).join(' ')]
            .filter(Boolean)
            .join(', '),
          phone: text(row.location_phone),
          timeZone: text(row.location_timezone) || 'UTC',
        },
        supplier: {
          code: text(row.supplier_code),
          name: text(row.supplier_name),
          email: text(row.supplier_email),
          accountNumber: text(row.account_number),
        },
        lines: lines.map((l) => ({
          partNumber: text(l.part_number),
          productName: text(l.product_name),
          quantity: Number(l.quantity),
          unitPriceCents: Number(l.unit_price_cents),
        })),
      };
    },

    async location(id: number) {
      const [row] = await query<{ id: number; organization_id: number }>(
        db,
        sql`select id, organization_id from locations where id = ${id}`,
      );
      return row ? { id: Number(row.id), organizationId: Number(row.organization_id) } : null;
    },

    /** The suppliers offered for new orders (not archived), URI first. */
    async suppliers(): Promise<Supplier[]> {
      return query<Supplier>(
        db,
        sql`select id, code, name from suppliers where archived_at is null order by code = 'URI' desc, name`,
      );
    },

    async items(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: inventoryItems.id,
          organizationId: inventoryItems.organizationId,
          unitPriceCents: inventoryItems.unitPriceCents,
          archivedAt: inventoryItems.archivedAt,
        })
        .from(inventoryItems)
        .where(inArray(inventoryItems.id, ids));
    },

    async locationsInScope(scope: TenantScope) {
      return query<{ id: number; name: string; organization_id: number; organization_name: string }>(
        db,
        sql`select l.id, l.name, l.organization_id, o.name as organization_name from locations l
            join organizations o on o.id = l.organization_id
            where ${scopeSql(scope, { org: sql`l.organization_id` })} and l.archived_at is null order by o.name, l.name`,
      );
    },

    /** Creates the order and its lines in the caller's transaction; the number follows the id (PO-2026-000042). */
    async create(po: NewPurchaseOrder, now: Date, tx: Tx): Promise<number> {
      const [seq] = await query<{ id: number }>(
        tx,
        sql`select nextval(pg_get_serial_sequence('purchase_orders', 'id'))::int as id`,
      );
      const id = Number(seq?.id);
      await tx.insert(purchaseOrders).values({
        id,
        number: `PO-${now.getUTCFullYear()}-${String(id).padStart(6, '0')}`,
        organizationId: po.organizationId,
        locationId: po.locationId,
        supplierId: po.supplierId,
        notes: po.notes,
        status: 'draft',
        createdBy: po.createdBy,
        createdAt: now,
      });
      await tx.insert(purchaseOrderLines).values(po.lines.map((l) => ({ ...l, purchaseOrderId: id })));
      return id;
    },

    /** Deletes a draft with its lines; false when the order was not a draft. */
    async discardDraft(id: number, on: Db | Tx): Promise<boolean> {
      const rows = await on
        .delete(purchaseOrders)
        .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.status, 'draft')))
        .returning({ id: purchaseOrders.id });
      return rows.length > 0;
    },

    /** draft → sent; false when the order was not a draft. */
    async markSent(id: number, now: Date, on: Db | Tx = db): Promise<boolean> {
      const rows = await on
        .update(purchaseOrders)
        .set({ status: 'sent', orderedAt: now })
        .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.status, 'draft')))
        .returning({ id: purchaseOrders.id });
      return rows.length > 0;
    },

    /**
     * sent → received and every line's quantity added to stock, in one transaction. The status change
     * is conditional, so a second (or concurrent) receive adds nothing and answers false. In the
     * caller's transaction (with its audit entry).
     */
    async receive(id: number, now: Date, tx: Tx): Promise<boolean> {
      const rows = await tx
        .update(purchaseOrders)
        .set({ status: 'received', receivedAt: now })
        .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.status, 'sent')))
        .returning({ id: purchaseOrders.id });
      if (rows.length === 0) return false;
      await tx.execute(
        sql`update inventory_items i set quantity = i.quantity + x.qty, updated_at = ${now.toISOString()}::timestamptz
            from (select item_id, sum(quantity)::int as qty from purchase_order_lines
                  where purchase_order_id = ${id} group by item_id) x
            where i.id = x.item_id`,
      );
      return true;
    },
  };
}

export type PurchaseOrdersRepo = ReturnType<typeof createPurchaseOrdersRepo>;
