import { z } from 'zod';
import { bodyId, paramId } from './params.ts';

const bool = z.enum(['true', 'false']);

/** GET /api/controllers: the controllers list's search and filters, held in the URL. */
export const controllerListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(100).optional(),
  organization_id: paramId.optional(),
  location_id: paramId.optional(),
  online: bool.optional(),
  authorised: bool.optional(),
  warranty: bool.optional(),
  sort: z.enum(['name', '-name', 'last_seen_at', '-last_seen_at', 'active_alarms', '-active_alarms']).default('name'),
});
export type ControllerListQuery = z.infer<typeof controllerListQuery>;

export const controllerListItem = z.object({
  id: z.number().int(),
  mac_address: z.string(),
  name: z.string().nullable(),
  store_alias: z.string().nullable(),
  organisation: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  device_model: z.string().nullable(),
  online: z.boolean(),
  authorised: z.boolean(),
  last_seen_at: z.string().nullable(),
  warranty_expiry: z.string().nullable(),
  active_alarms: z.number().int(),
});
export type ControllerListItem = z.infer<typeof controllerListItem>;

export const rackPoint = z.object({
  addr: z.string(),
  name: z.string().nullable(),
  unit: z.string().nullable(),
  set_point: z.number().nullable(),
  status: z.string(),
  value: z.number().nullable(),
  updated_at: z.string(),
  alarm_status: z.enum(['active', 'acknowledged']).nullable(),
});

/** GET /api/controllers/{id}/racks: the Rack tab. */
export const rackState = z.object({
  ref: z.string(),
  name: z.string().nullable(),
  metrics: z.record(z.string(), z.number()),
  updated_at: z.string(),
  points: z.array(rackPoint),
});
export type RackState = z.infer<typeof rackState>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable();

/** PATCH /api/controllers/{id} (controllers_edit): the edit form, validated the same on both sides. */
export const controllerUpdateBody = z.object({
  name: z.string().trim().min(1).max(120),
  store_alias: optionalText(120),
  location_id: bodyId,
  /** Another organization the caller may see moves the controller there (with a location of it). */
  organization_id: bodyId.optional(),
  device_address: optionalText(120).optional(),
  device_model: optionalText(120),
  vendor_endpoint: optionalText(255),
  warranty_expiry: z.iso.date().nullable(),
  secure_mode: z.boolean(),
});
export type ControllerUpdateBody = z.infer<typeof controllerUpdateBody>;
