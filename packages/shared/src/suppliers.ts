import { z } from 'zod';
import { phoneNumber } from './accounts.ts';
import { pageQuery } from './pagination.ts';

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

const supplierFields = {
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
    .refine((v) => v === '' || z.email().safeParse(v).success, { message: 'invalid_email' }),
  phone: phoneNumber,
  account_number: z.string().trim().max(64),
};

/** POST /api/inventory/suppliers. */
export const supplierBody = z.object({
  ...supplierFields,
  email: supplierFields.email.default(''),
  phone: supplierFields.phone.default(''),
  account_number: supplierFields.account_number.default(''),
});
export type SupplierBody = z.input<typeof supplierBody>;

/** PATCH /api/inventory/suppliers/{id}: the fields given change; `archived: false` restores. */
export const supplierPatch = z
  .object(supplierFields)
  .partial()
  .extend({ archived: z.literal(false).optional() });
export type SupplierPatch = z.input<typeof supplierPatch>;

export const supplierListQuery = pageQuery(25).extend({
  /** Archived suppliers too (the Suppliers tab); pickers leave them out. */
  include_archived: z.enum(['true', 'false']).default('false'),
});
