import { z } from 'zod';
import {
  compactMac,
  DEVICE_CHANNELS,
  type DeviceChannel,
  normalizeMac,
  statusMessage,
  TOPIC_PREFIX,
} from './device.ts';

/**
 * The store gateway's side of the device protocol: a gateway speaks for the Modbus controllers on its
 * buses. Its own topics are `rcm/v1/{gw}/status` and `rcm/v1/{gw}/birth`; each child's are
 * `rcm/v1/{gw}/dev/{child}/status|telemetry|alarms`, with the payloads of `device.ts`.
 */
export const GATEWAY_CHANNELS = ['status', 'birth'] as const;
export type GatewayChannel = (typeof GATEWAY_CHANNELS)[number];

/** A bus name: a topic segment (no `/`, `+`, `#`), short enough to read in a list. */
export const BUS_NAME_RE = /^[A-Za-z0-9_.]{1,32}$/;
export const busName = z.string().regex(BUS_NAME_RE, 'letters, digits, "." or "_" (at most 32)');
export const unitId = z.number().int().min(1).max(247);

/** A child's id on its gateway: `{bus}-{unit_id}`; the bus name holds no `-`, so the id reads back. */
export function childId(bus: string, unit: number): string {
  return `${bus}-${unit}`;
}

export function parseChildId(child: string): { bus: string; unit_id: number } | null {
  const m = /^([A-Za-z0-9_.]{1,32})-(\d{1,3})$/.exec(child);
  if (!m?.[1] || !m[2]) return null;
  const unit = Number(m[2]);
  return unitId.safeParse(unit).success ? { bus: m[1], unit_id: unit } : null;
}

export function gatewayTopic(mac: string, channel: GatewayChannel): string {
  return `${TOPIC_PREFIX}/${compactMac(mac)}/${channel}`;
}

export function childTopic(mac: string, child: string, channel: DeviceChannel): string {
  return `${TOPIC_PREFIX}/${compactMac(mac)}/dev/${child}/${channel}`;
}

/** Parses `rcm/v1/{gw}/dev/{child}/{channel}`. */
export function parseChildTopic(topic: string): { mac: string; child: string; channel: DeviceChannel } | null {
  const parts = topic.split('/');
  if (parts.length !== 6 || `${parts[0]}/${parts[1]}` !== TOPIC_PREFIX || parts[3] !== 'dev') return null;
  const mac = normalizeMac(parts[2] ?? '');
  const child = parts[4] ?? '';
  const channel = parts[5] as DeviceChannel;
  if (!mac || !parseChildId(child) || !DEVICE_CHANNELS.includes(channel)) return null;
  return { mac, child, channel };
}

const isoTime = z.iso.datetime({ offset: true });
const text = (max: number, min = 0) => z.string().min(min).max(max);

export const birthChild = z.object({
  child: text(40, 3),
  bus: busName,
  unit_id: unitId,
  /** The bus: a serial path or `host:port`. */
  endpoint: text(255, 1),
  profile: text(64, 1),
  profile_version: text(20, 1),
  name: text(120),
});
export type BirthChild = z.infer<typeof birthChild>;

/** Sent on every connect and when the config changes: the children the gateway speaks for. */
export const birthMessage = z
  .object({
    msg_id: text(100, 1),
    ts: isoTime,
    agent: z.object({ version: text(40, 1) }),
    children: z.array(birthChild).max(2000),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.children.forEach((c, i) => {
      if (c.child !== childId(c.bus, c.unit_id)) {
        ctx.addIssue({ code: 'custom', message: 'must be {bus}-{unit_id}', path: ['children', i, 'child'] });
      }
      if (seen.has(c.child))
        ctx.addIssue({ code: 'custom', message: 'a second child with this id', path: ['children', i, 'child'] });
      seen.add(c.child);
    });
  });
export type BirthMessage = z.infer<typeof birthMessage>;

/** Why a child is offline while its gateway is online. */
export const CHILD_OFFLINE_REASONS = ['no_response'] as const;

/** A child's status: the device status plus why it is offline. */
export const childStatusMessage = statusMessage.extend({
  reason: z.enum(CHILD_OFFLINE_REASONS).optional(),
});
export type ChildStatusMessage = z.infer<typeof childStatusMessage>;

const count = z.number().int().min(0);

/** The gateway's own retained status: its health, for its page in the console. */
export const gatewayStatusMessage = statusMessage.extend({
  kind: z.literal('gateway'),
  agent: z.object({ version: text(40, 1) }),
  buses: z
    .array(
      z.object({
        name: busName,
        endpoint: text(255, 1),
        last_cycle_ms: count.nullable(),
        requests: count,
        errors: count,
        timeouts: count,
      }),
    )
    .max(64),
  children: z
    .array(
      z.object({
        child: text(40, 3),
        online: z.boolean(),
        state: z.string().max(20).nullable(),
        last_good_poll: isoTime.nullable(),
        failures: count,
      }),
    )
    .max(2000),
  outbox: z.object({ depth: count, bytes: count, oldest: isoTime.nullable(), dropped: count }),
});
export type GatewayStatusMessage = z.infer<typeof gatewayStatusMessage>;

/**
 * The console's key for a gateway's child, and its controller's `mac_address`: `{gateway MAC}/{child}`
 * (a child has no MAC of its own; the `/` keeps it apart from every MAC).
 */
export function childKey(gatewayMac: string, child: string): string {
  return `${gatewayMac}/${child}`;
}

/** The gateway MAC of a child's key; null for a controller's own MAC. */
export function gatewayOfKey(key: string): string | null {
  const at = key.indexOf('/');
  return at < 0 ? null : key.slice(0, at);
}

/** Parses `rcm/v1/{gw}/birth` into the gateway's MAC. */
export function parseBirthTopic(topic: string): string | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || `${parts[0]}/${parts[1]}` !== TOPIC_PREFIX || parts[3] !== 'birth') return null;
  return normalizeMac(parts[2] ?? '');
}
