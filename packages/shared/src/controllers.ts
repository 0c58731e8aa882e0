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
  /** A store gateway's children (the controllers it reads on its buses). */
  gateway_id: paramId.optional(),
  sort: z.enum(['name', '-name', 'last_seen_at', '-last_seen_at', 'active_alarms', '-active_alarms']).default('name'),
});
export type ControllerListQuery = z.infer<typeof controllerListQuery>;

/** A controller of our own protocol, or a store gateway that speaks for the Modbus controllers on its buses. */
export const CONTROLLER_KINDS = ['controller', 'gateway'] as const;
export type ControllerKind = (typeof CONTROLLER_KINDS)[number];

/**
 * Why a gateway's child is offline: `no_response` (it stopped answering its polls), `gateway_offline`
 * (its gateway went away); null while online, and for any other controller.
 */
export const OFFLINE_REASONS = ['no_response', 'gateway_offline'] as const;
export type OfflineReason = (typeof OFFLINE_REASONS)[number];

/** Where a gateway's child sits, on both the list and the detail. */
export const controllerPlacement = {
  kind: z.enum(CONTROLLER_KINDS),
  /** The gateway a child is read through; null for a controller of its own or a gateway. */
  gateway: z.object({ id: z.number().int(), mac_address: z.string(), name: z.string().nullable() }).nullable(),
  /** A child's bus on its gateway (the gateway config's bus name). */
  bus: z.string().nullable(),
  /** Where it sits on the store's network or bus; a child's Modbus unit id. */
  device_address: z.string().nullable(),
  /** A child's bus endpoint: its serial path or `host:port`. */
  vendor_endpoint_address: z.string().nullable(),
  /** The model; a child's device profile id. */
  device_model: z.string().nullable(),
  offline_reason: z.enum(OFFLINE_REASONS).nullable(),
};

export const controllerListItem = z.object({
  id: z.number().int(),
  mac_address: z.string(),
  name: z.string().nullable(),
  store_alias: z.string().nullable(),
  organisation: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  ...controllerPlacement,
  online: z.boolean(),
  authorised: z.boolean(),
  last_seen_at: z.string().nullable(),
  warranty_expiry: z.string().nullable(),
  active_alarms: z.number().int(),
});
export type ControllerListItem = z.infer<typeof controllerListItem>;

/** A store gateway's latest status document, as its page shows it (GET /api/controllers/{id}). */
export const gatewayStatusView = z.object({
  /** When the console received it. */
  received_at: z.string(),
  agent_version: z.string(),
  buses: z.array(
    z.object({
      name: z.string(),
      endpoint: z.string(),
      last_cycle_ms: z.number().int().nullable(),
      requests: z.number().int(),
      errors: z.number().int(),
      timeouts: z.number().int(),
    }),
  ),
  children: z.array(
    z.object({
      child: z.string(),
      /** The child's controller in the console; null when the gateway never announced it in a birth message. */
      controller_id: z.number().int().nullable(),
      name: z.string().nullable(),
      online: z.boolean(),
      state: z.string().nullable(),
      last_good_poll: z.string().nullable(),
      failures: z.number().int(),
    }),
  ),
  outbox: z.object({
    depth: z.number().int(),
    bytes: z.number().int(),
    oldest: z.string().nullable(),
    dropped: z.number().int(),
  }),
});
export type GatewayStatusView = z.infer<typeof gatewayStatusView>;

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
