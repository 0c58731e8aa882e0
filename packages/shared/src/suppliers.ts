import { z } from 'zod';
import { phoneNumber } from './accounts.ts';

/** A supplier as the Suppliers tab shows it. Suppliers are shared by every organization. */
export const supplierRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Where purchase orders are emailed; empty: orders cannot be sent yet. */
  email: z.string(),
  phone: z.string(),
  account_number: z.string(),
  archived: z.boolean(),
  /** Orders placed with this supplier (any status). */
  order_count: z.number().int(),
});
export type SupplierRecord = z.infer<typeof supplierRecord>;

/** POST /api/inventory/suppliers and PATCH /api/inventory/suppliers/{id} (PATCH: every field optional). */
export const supplierBody = z.object({
  /** Short code shown on orders and reports, e.g. `URI`; unique. */
  code: z
    .string()
    .trim()
    .min(1)
    .max(16)
    .regex(/^[A-Za-z0-9_-]+$/),
  name: z.string().trim().min(1).max(200),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine((v) => v === '' || z.email().safeParse(v).success, { message: 'invalid_email' })
    .default(''),
  phone: phoneNumber.default(''),
  account_number: z.string().trim().max(64).default(''),
});
export type SupplierBody = z.input<typeof supplierBody>;

export const supplierPatch = supplierBody.partial().extend({
  /** false restores an archived supplier. */
  archived: z.literal(false).optional(),
});
export type SupplierPatch = z.input<typeof supplierPatch>;

export const supplierListQuery = z.object({
  /** Archived suppliers too (the Suppliers tab); pickers leave them out. */
  include_archived: z.enum(['true', 'false']).default('false'),
});
