import { date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { controllers, organizationColumn, parentColumn, placeColumns, timestamps, ts, users } from './schema.ts';

/**
 * Suppliers of parts (United Refrigeration Inc. "URI" is the default one). Shared by every organization;
 * purchase orders are emailed to `email`. Archived suppliers are not offered for new orders.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    /** Short code, e.g. `URI`. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** Our customer account at the supplier, printed on every order. */
    accountNumber: text('account_number').notNull().default(''),
    archivedAt: ts('archived_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('suppliers_code_uq').on(t.code)],
);

/** Parts stock of an organization. Availability is derived from `quantity` and `reorder_level`. */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationColumn(),
    productName: text('product_name').notNull(),
    partNumber: text('part_number').notNull(),
    /** valve | compressor | filter_drier | contactor | refrigerant | sensor | fan_motor | controller | other */
    type: text('type').notNull(),
    brand: text('brand').notNull().default(''),
    specification: text('specification').notNull().default(''),
    quantity: integer('quantity').notNull().default(0),
    reorderLevel: integer('reorder_level').notNull().default(0),
    unitPriceCents: integer('unit_price_cents').notNull().default(0),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    /** Set when an item with order history is removed: hidden from lists and pickers, kept on old orders. */
    archivedAt: ts('archived_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('inventory_items_org_part_uq').on(t.organizationId, t.partNumber),
    index('inventory_items_org_idx').on(t.organizationId),
  ],
);

/** A purchase order to a supplier for one location. Totals are the sum of its lines. */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    ...placeColumns(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    /** Human number, e.g. `PO-2026-0042`, unique. */
    number: text('number').notNull(),
    /** draft | sent | received */
    status: text('status').notNull().default('draft'),
    notes: text('notes').notNull().default(''),
    /** Set when the order is sent to the supplier. */
    orderedAt: ts('ordered_at'),
    /** Set once, when the order is received (quantities added to stock). */
    receivedAt: ts('received_at'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_orders_number_uq').on(t.number),
    index('purchase_orders_org_idx').on(t.organizationId),
    index('purchase_orders_supplier_ordered_idx').on(t.supplierId, t.orderedAt),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: serial('id').primaryKey(),
    purchaseOrderId: parentColumn('purchase_order_id', () => purchaseOrders.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => inventoryItems.id),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
  },
  (t) => [index('purchase_order_lines_po_idx').on(t.purchaseOrderId)],
);

/** Equipment register per location. */
export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    ...placeColumns(),
    /** rack | compressor | condenser | display_case | walk_in | controller */
    type: text('type').notNull(),
    name: text('name').notNull(),
    manufacturer: text('manufacturer').notNull().default(''),
    model: text('model').notNull().default(''),
    serial: text('serial').notNull().default(''),
    installedAt: date('installed_at', { mode: 'string' }),
    warrantyExpiry: date('warranty_expiry', { mode: 'string' }),
    controllerId: integer('controller_id').references(() => controllers.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('assets_org_idx').on(t.organizationId), index('assets_location_idx').on(t.locationId)],
);
