import { z } from 'zod';
import { pageQuery } from './pagination.ts';
import { bodyId, paramId } from './params.ts';

/** Days of a weekly maintenance window. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const id = bodyId;
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time_format');

/** Every day (or the chosen days) from..to, in the location's time zone; `to` ≤ `from` runs past midnight. */
export const recurrence = z
  .object({
    days: z.array(z.enum(WEEKDAYS)).min(1, 'recurrence_days').max(7),
    from: hhmm,
    to: hhmm,
  })
  .refine((r) => r.from !== r.to, { path: ['to'], message: 'recurrence_span' });
export type Recurrence = z.infer<typeof recurrence>;

const windowFields = z.object({
  location_id: id.optional(),
  controller_id: id.optional(),
  /** Only with controller_id: one rack of it. */
  rack: z.string().trim().min(1).max(32).optional(),
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }),
  recurrence: recurrence.nullable().optional(),
  reason: z.string().trim().min(1).max(500),
});

/** POST /api/maintenance-windows: a location, a controller, or a controller's rack. */
export const maintenanceWindowBody = windowFields
  .refine((v) => v.location_id !== undefined || v.controller_id !== undefined, {
    path: ['location_id'],
    message: 'window_place',
  })
  .refine((v) => v.rack === undefined || v.controller_id !== undefined, {
    path: ['rack'],
    message: 'window_rack_controller',
  })
  .refine((v) => new Date(v.starts_at) < new Date(v.ends_at), { path: ['ends_at'], message: 'range_order' });
export type MaintenanceWindowBody = z.infer<typeof maintenanceWindowBody>;

/** PATCH /api/maintenance-windows/{id}: times, recurrence and reason (the place stays). */
export const maintenanceWindowPatch = windowFields
  .pick({ starts_at: true, ends_at: true, recurrence: true, reason: true })
  .partial();
export type MaintenanceWindowPatch = z.infer<typeof maintenanceWindowPatch>;

export const maintenanceWindow = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  location: z.object({ id: z.number().int(), name: z.string(), time_zone: z.string() }),
  controller: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  rack: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  recurrence: z.object({ days: z.array(z.enum(WEEKDAYS)), from: z.string(), to: z.string() }).nullable(),
  reason: z.string(),
  /** In force now. */
  active: z.boolean(),
  /** The occurrence in force now, or the next one; null when the window has none left. */
  next: z.object({ starts_at: z.string(), ends_at: z.string() }).nullable(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type MaintenanceWindowView = z.infer<typeof maintenanceWindow>;

/** GET /api/maintenance-windows: current and upcoming by default; `include_past` for the history. */
export const maintenanceWindowQuery = pageQuery(25).extend({
  location_id: paramId.optional(),
  controller_id: paramId.optional(),
  include_past: z.enum(['true', 'false']).optional(),
});
