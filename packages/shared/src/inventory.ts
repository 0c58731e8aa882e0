import { z } from 'zod';
import { AVAILABILITIES, INVENTORY_SORTS, ITEM_TYPES } from './filter-values.ts';
import { emailNotification } from './notifications.ts';
import { bodyId, paramId } from './params.ts';

export { AVAILABILITIES, INVENTORY_SORTS, ITEM_TYPES };

export type ItemType = (typeof ITEM_TYPES)[number];

export type Availability = (typeof AVAILABILITIES)[number];

/** Out of stock at zero, low at or below the reorder level, in stock above it. */
export function availabilityOf(quantity: number, reorderLevel: number): Availability {
  if (quantity <= 0) return 'out_of_stock';
  if (quantity <= reorderLevel) return 'low_stock';
  return 'in_stock';
}

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => z.string().trim().min(1).max(max);
/** USD with at most two decimals. */
const usd = z
  .number()
  .min(0)
  .max(1_000_000)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: 'cents' });

/** POST/PATCH /api/inventory: one item (also what each CSV row must become). */
export const inventoryItemBody = z.object({
  product_name: required(200),
  part_number: required(64),
  type: z.enum(ITEM_TYPES),
  brand: text(100).default(''),
  specification: text(500).default(''),
  quantity: z.number().int().min(0).max(1_000_000),
  reorder_level: z.number().int().min(0).max(1_000_000),
  unit_price: usd,
  /** Only for callers who see every organization; others always write their own. */
  organization_id: bodyId.optional(),
});
export type InventoryItemBody = z.infer<typeof inventoryItemBody>;

/** The columns of the CSV import and export, in order. */
export const CSV_COLUMNS = [
  'product_name',
  'part_number',
  'type',
  'brand',
  'specification',
  'quantity',
  'reorder_level',
  'unit_price',
] as const;

const csvNumber = (inner: z.ZodType<number>) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim().replace(/^\$/, '')) : v), inner);

/** One CSV row as text cells; the same rules as the form once numbers are read. */
export const inventoryCsvRow = z.object({
  product_name: required(200),
  part_number: required(64),
  type: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(ITEM_TYPES)),
  brand: text(100).default(''),
  specification: text(500).default(''),
  quantity: csvNumber(z.number().int().min(0).max(1_000_000)),
  reorder_level: csvNumber(z.number().int().min(0).max(1_000_000)),
  unit_price: csvNumber(usd),
});
export type InventoryCsvRow = z.infer<typeof inventoryCsvRow>;

export const MAX_IMPORT_ROWS = 5000;

/** POST /api/inventory/import: the rows of a CSV file (cells as text), all written or none. */
export const inventoryImportBody = z.object({
  organization_id: bodyId.optional(),
  rows: z
    .array(z.record(z.string(), z.string().max(1000)))
    .min(1)
    .max(MAX_IMPORT_ROWS),
});
export type InventoryImportBody = z.infer<typeof inventoryImportBody>;

/** A CSV row's error: `row` counts data rows from 2 (row 1 is the header), as a spreadsheet shows them. */
export const importRowError = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowError>;

export const inventoryListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(5000).default(20),
  q: z.string().trim().max(100).optional(),
  type: z.enum(ITEM_TYPES).optional(),
  availability: z.enum([...AVAILABILITIES, 'needs_reorder']).optional(),
  brand: z.string().trim().max(100).optional(),
  organization_id: paramId.optional(),
  sort: z.enum(INVENTORY_SORTS).default('product_name'),
});
export type InventoryListQuery = z.infer<typeof inventoryListQuery>;

export const inventoryItem = z.object({
  id: z.number().int(),
  organisation: z.object({ id: z.number().int(), name: z.string() }),
  product_name: z.string(),
  part_number: z.string(),
  type: z.enum(ITEM_TYPES),
  brand: z.string(),
  specification: z.string(),
  quantity: z.number().int(),
  reorder_level: z.number().int(),
  unit_price: z.number(),
  availability: z.enum(AVAILABILITIES),
  updated_at: z.string(),
});
export type InventoryItem = z.infer<typeof inventoryItem>;

// Purchase orders

export const PO_STATUSES = ['draft', 'sent', 'received'] as const;
export type PoStatus = (typeof PO_STATUSES)[number];

export const purchaseOrderLineBody = z.object({
  item_id: bodyId,
  quantity: z.number().int().min(1).max(100_000),
  /** Default: the item's current unit price. */
  unit_price: usd.optional(),
});

/** POST /api/purchase-orders: a draft order for one location. Supplier default: URI. */
export const purchaseOrderBody = z.object({
  location_id: bodyId,
  supplier_id: bodyId.optional(),
  notes: text(1000).default(''),
  lines: z.array(purchaseOrderLineBody).min(1).max(200),
});
export type PurchaseOrderBody = z.infer<typeof purchaseOrderBody>;

export const purchaseOrderListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  status: z.enum(PO_STATUSES).optional(),
  organization_id: paramId.optional(),
});
export type PurchaseOrderListQuery = z.infer<typeof purchaseOrderListQuery>;

export const purchaseOrderSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(PO_STATUSES),
  organisation: z.object({ id: z.number().int(), name: z.string() }),
  location: z.object({ id: z.number().int(), name: z.string() }),
  supplier: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  line_count: z.number().int(),
  total: z.number(),
  created_at: z.string(),
  ordered_at: z.string().nullable(),
  received_at: z.string().nullable(),
});
export type PurchaseOrderSummary = z.infer<typeof purchaseOrderSummary>;

export const purchaseOrderDetail = purchaseOrderSummary.extend({
  notes: z.string(),
  /** The supplier's order address, where "Send to supplier" emails the order's PDF. */
  supplier_email: z.string(),
  lines: z.array(
    z.object({
      id: z.number().int(),
      item_id: z.number().int(),
      product_name: z.string(),
      part_number: z.string(),
      quantity: z.number().int(),
      unit_price: z.number(),
      total: z.number(),
      /** The item was removed from stock after it was ordered; the line stays. */
      archived: z.boolean(),
    }),
  ),
  /** The emails that sent this order to its supplier, with their delivery status. */
  emails: z.array(emailNotification),
});
export type PurchaseOrderDetail = z.infer<typeof purchaseOrderDetail>;

export const supplier = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type Supplier = z.infer<typeof supplier>;

/** Suggested quantity to order for a low item: back up to twice its reorder level. */
export function suggestedOrderQuantity(quantity: number, reorderLevel: number): number {
  return Math.max(1, reorderLevel * 2 - quantity);
}
