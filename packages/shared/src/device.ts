import { z } from 'zod';

/**
 * The device protocol: MQTT 3.1.1 (protocol level 4; MQTT 5 clients are refused with CONNACK return
 * code 1), QoS 1, topics rcm/v1/{mac}/{status|telemetry|alarms}.
 */
export const TOPIC_PREFIX = 'rcm/v1';
export const DEVICE_CHANNELS = ['status', 'telemetry', 'alarms'] as const;
export type DeviceChannel = (typeof DEVICE_CHANNELS)[number];

/** Largest accepted device message; a larger one is rejected and counted. */
export const MAX_DEVICE_MESSAGE_BYTES = 256 * 1024;

const MAC_RE = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/;

/** `AA-BB-CC-DD-EE-FF`, `aabbccddeeff` and `aa:bb:…` all become `aa:bb:cc:dd:ee:ff`; null if not a MAC. */
export function normalizeMac(value: string): string | null {
  const hex = value
    .trim()
    .toLowerCase()
    .replace(/[^0-9a-f]/g, '');
  if (hex.length !== 12 || /[^0-9a-f:.-]/i.test(value.trim())) return null;
  const mac = hex.match(/.{2}/g)?.join(':') ?? '';
  return MAC_RE.test(mac) ? mac : null;
}

/** MAC without separators: the MQTT client id and the topic segment devices use. */
export function compactMac(mac: string): string {
  return mac.replaceAll(':', '');
}

export function deviceTopic(mac: string, channel: DeviceChannel): string {
  return `${TOPIC_PREFIX}/${compactMac(mac)}/${channel}`;
}

/** Parses `rcm/v1/{mac}/{channel}`; the MAC segment may be compact or colon-separated. */
export function parseDeviceTopic(topic: string): { mac: string; channel: DeviceChannel } | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || `${parts[0]}/${parts[1]}` !== TOPIC_PREFIX) return null;
  const mac = normalizeMac(parts[2] ?? '');
  const channel = parts[3] as DeviceChannel;
  if (!mac || !DEVICE_CHANNELS.includes(channel)) return null;
  return { mac, channel };
}

/**
 * A point's status. `defrost`: the case the point measures is defrosting (its air warms on purpose);
 * `door_open`: the case's door is open. Controllers that know neither never send them.
 */
export const POINT_STATUSES = ['ok', 'alarm', 'manual_on', 'off', 'fault', 'defrost', 'door_open'] as const;
export type PointStatus = (typeof POINT_STATUSES)[number];

export const RACK_METRICS = ['superheat', 'liquid_level', 'oil_pressure'] as const;

const finite = z.number().finite();
/**
 * Device text: PostgreSQL text cannot hold a NUL character, and one such string would fail the whole
 * ingest batch it is written in (other devices' messages too), so it is malformed here.
 */
const text = (max: number, min = 0) =>
  z
    .string()
    .min(min)
    .max(max)
    .refine((v) => !v.includes('\u0000'), 'contains a NUL character');
const isoTime = z.iso.datetime({ offset: true });

export const statusMessage = z.object({
  online: z.boolean(),
  model: text(120).optional(),
  firmware: text(60).optional(),
  vendor_endpoint: text(255).optional(),
  /** Where the controller sits on the store's network or bus, e.g. "192.168.1.40" or "MODBUS:12". */
  device_address: text(120).optional(),
});
export type StatusMessage = z.infer<typeof statusMessage>;

export const telemetryPoint = z.object({
  addr: text(64, 1),
  name: text(120).optional(),
  value: finite.nullable(),
  unit: text(16).optional(),
  set_point: finite.nullable().optional(),
  status: z.enum(POINT_STATUSES).default('ok'),
});

export const telemetryRack = z.object({
  ref: text(16, 1),
  name: text(120).optional(),
  metrics: z.record(text(64), finite).default({}),
  points: z.array(telemetryPoint).max(1000).default([]),
});

/**
 * Sent late, from a device's outbox after an outage (a store gateway's backlog): stored with its own
 * time, and the alarm engine records what it shows without paging anyone (features/alarms/README.md).
 */
const historical = z.boolean().optional();

export const telemetryMessage = z.object({
  msg_id: text(100, 1),
  ts: isoTime,
  racks: z.array(telemetryRack).min(1).max(50),
  historical,
});
export type TelemetryMessage = z.infer<typeof telemetryMessage>;

export const ALARM_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

export const deviceAlarmMessage = z.object({
  msg_id: text(100, 1),
  ts: isoTime,
  code: text(64, 1),
  rack: text(16).optional(),
  addr: text(64).optional(),
  severity: z.enum(ALARM_SEVERITIES).optional(),
  state: z.enum(['raised', 'cleared']),
  reason: text(500).optional(),
  historical,
});
export type DeviceAlarmMessage = z.infer<typeof deviceAlarmMessage>;
/** What a controller says of one of its alarms: an alarms message without its id and time. */
export type DeviceAlarm = Omit<DeviceAlarmMessage, 'msg_id' | 'ts' | 'historical'>;

/** Why ingest refused a controller's message: not JSON or not its channel's shape, or over the size limit. */
export const DEVICE_REJECT_REASONS = ['malformed', 'too_large'] as const;
export type DeviceRejectReason = (typeof DEVICE_REJECT_REASONS)[number];

/**
 * What was wrong with a malformed message: `not_json`, or the schema's first complaint (zod's issue
 * code, e.g. `invalid_type`: a field missing or of the wrong type); `other` for any code not listed.
 */
export const DEVICE_REJECT_PROBLEMS = [
  'not_json',
  'invalid_type',
  'too_big',
  'too_small',
  'invalid_value',
  'invalid_format',
  'unrecognized_keys',
  'custom',
  'other',
] as const;
export type DeviceRejectProblem = (typeof DEVICE_REJECT_PROBLEMS)[number];

/** A controller's refused messages: how many, and the last one (when, on which channel, why, which field). */
export const deviceRejections = z.object({
  count: z.number().int(),
  last_at: z.string(),
  channel: z.enum(DEVICE_CHANNELS),
  reason: z.enum(DEVICE_REJECT_REASONS),
  problem: z.enum(DEVICE_REJECT_PROBLEMS).nullable(),
  /** The refused field's path (`racks.0.points.2.value`); null for the message as a whole. */
  field: z.string().nullable(),
});
export type DeviceRejections = z.infer<typeof deviceRejections>;
