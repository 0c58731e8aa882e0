import { z } from 'zod';
import { ASSET_TYPES, WARRANTY_STATES } from './filter-values.ts';
import { bodyId, paramId } from './params.ts';

export { ASSET_TYPES, WARRANTY_STATES };

export type AssetType = (typeof ASSET_TYPES)[number];
export type WarrantyState = (typeof WARRANTY_STATES)[number];

/** Days before expiry that a warranty counts as expiring soon. */
export const WARRANTY_SOON_DAYS = 90;

/** `today` and `expiry` as YYYY-MM-DD. */
export function warrantyStateOf(expiry: string | null, today: string): WarrantyState {
  if (!expiry) return 'none';
  if (expiry < today) return 'expired';
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + WARRANTY_SOON_DAYS);
  return expiry <= soon.toISOString().slice(0, 10) ? 'expiring' : 'active';
}

const isoDate = z.iso.date();
const optionalDate = z.preprocess((v) => (v === '' ? null : v), isoDate.nullable()).default(null);
const text = (max: number) => z.string().trim().max(max);

/** POST/PATCH /api/assets. */
export const assetBody = z
  .object({
    location_id: bodyId,
    type: z.enum(ASSET_TYPES),
    name: z.string().trim().min(1).max(200),
    manufacturer: text(100).default(''),
    model: text(100).default(''),
    serial: text(100).default(''),
    installed_at: optionalDate,
    warranty_expiry: optionalDate,
    controller_id: bodyId.nullable().default(null),
  })
  .refine((a) => !a.installed_at || !a.warranty_expiry || a.warranty_expiry >= a.installed_at, {
    message: 'range_order',
    path: ['warranty_expiry'],
  });
export type AssetBody = z.infer<typeof assetBody>;

export const assetListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(100).optional(),
  location_id: paramId.optional(),
  organization_id: paramId.optional(),
  type: z.enum(ASSET_TYPES).optional(),
  warranty: z.enum(WARRANTY_STATES).optional(),
  sort: z
    .enum(['name', '-name', 'warranty_expiry', '-warranty_expiry', 'installed_at', '-installed_at'])
    .default('name'),
});
export type AssetListQuery = z.infer<typeof assetListQuery>;

export const asset = z.object({
  id: z.number().int(),
  organisation: z.object({ id: z.number().int(), name: z.string() }),
  location: z.object({ id: z.number().int(), name: z.string() }),
  type: z.enum(ASSET_TYPES),
  name: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  serial: z.string(),
  installed_at: z.string().nullable(),
  warranty_expiry: z.string().nullable(),
  warranty: z.enum(WARRANTY_STATES),
  controller: z.object({ id: z.number().int(), name: z.string(), mac_address: z.string() }).nullable(),
});
export type Asset = z.infer<typeof asset>;

/** GET /api/assets/options: the locations and controllers an asset may be placed at, within scope. */
export const assetOptions = z.object({
  locations: z.array(z.object({ id: z.number().int(), name: z.string(), organization_name: z.string() })),
  controllers: z.array(
    z.object({ id: z.number().int(), name: z.string(), mac_address: z.string(), location_id: z.number().int() }),
  ),
});
export type AssetOptions = z.infer<typeof assetOptions>;
