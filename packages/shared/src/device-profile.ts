import { z } from 'zod';

/**
 * A device profile: how the store gateway reads one controller model over Modbus. One JSON file per
 * model; addresses are wire addresses (0-based, what goes in the request's PDU).
 */
export const REGISTER_TABLES = ['holding', 'input', 'coil', 'discrete'] as const;
export type RegisterTable = (typeof REGISTER_TABLES)[number];
export const VALUE_TYPES = ['int16', 'uint16', 'int32', 'uint32', 'float32', 'bool'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];
export const WORD_ORDERS = ['big', 'little'] as const;
export type WordOrder = (typeof WORD_ORDERS)[number];

/** What a point means to the console: the case roles feed the case rules, the pack roles a rack's metrics. */
export const POINT_ROLES = [
  'case_air',
  'case_evaporator',
  'case_product',
  'suction',
  'discharge',
  'superheat',
  'liquid_level',
  'oil_pressure',
  'setpoint',
  'other',
] as const;
export type PointRole = (typeof POINT_ROLES)[number];

/** What a controller's state register says of the case; a raw value the map does not name is `ok`. */
export const CONTROLLER_STATES = ['ok', 'defrost', 'door_open', 'off', 'fault'] as const;
export type ControllerState = (typeof CONTROLLER_STATES)[number];

/** Modbus allows at most 125 registers, or 2000 coils or inputs, in one read. */
export const MAX_REGISTERS_PER_REQUEST = 125;
export const MAX_BITS_PER_REQUEST = 2000;

export function isBitTable(table: RegisterTable): boolean {
  return table === 'coil' || table === 'discrete';
}

/** Registers (16-bit words) a value of this type occupies; a bit table's value is one bit. */
export function typeWidth(type: ValueType): 1 | 2 {
  return type === 'int32' || type === 'uint32' || type === 'float32' ? 2 : 1;
}

const slug = z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,63}$/, 'lowercase letters, digits, ".", "_" or "-"');
const wireAddress = z.number().int().min(0).max(65_535);

/** Where a value is and how its raw bits read; shared by points, the state register and alarms. */
const location = {
  table: z.enum(REGISTER_TABLES),
  address: wireAddress,
  type: z.enum(VALUE_TYPES),
  word_order: z.enum(WORD_ORDERS).default('big'),
  /** One bit of a register (0 = least significant): the value is then 0 or 1. */
  bit: z.number().int().min(0).max(31).optional(),
};

type Location = { table: RegisterTable; address: number; type: ValueType; bit?: number | undefined };

/** Bit tables hold only `bool` values and no `bit`; a bit lies within its register; a value fits the table. */
function checkLocation(v: Location, ctx: z.RefinementCtx, path: (string | number)[]) {
  const issue = (message: string, field: string) => ctx.addIssue({ code: 'custom', message, path: [...path, field] });
  if (isBitTable(v.table)) {
    if (v.type !== 'bool') issue(`a ${v.table} holds a bool, not ${v.type}`, 'type');
    if (v.bit !== undefined) issue(`a ${v.table} has no bits to pick`, 'bit');
    return;
  }
  const width = typeWidth(v.type);
  if (v.address + width > 65_536) issue('the value runs past the last register (65535)', 'address');
  if (v.bit !== undefined) {
    if (v.type === 'float32') issue('a float32 has no bit to pick', 'bit');
    else if (v.bit >= width * 16) issue(`a ${v.type} has bits 0–${width * 16 - 1}`, 'bit');
  }
}

export const profilePoint = z
  .object({
    key: slug,
    name: z.string().min(1).max(120),
    ...location,
    scale: z.number().finite().default(1),
    offset: z.number().finite().default(0),
    unit: z.string().max(16).optional(),
    role: z.enum(POINT_ROLES).default('other'),
  })
  .superRefine((v, ctx) => checkLocation(v, ctx, []));
export type ProfilePoint = z.infer<typeof profilePoint>;

export const profileState = z
  .object({
    ...location,
    /** Raw value (decimal, as a JSON key) → the case's state. */
    map: z.record(z.string().regex(/^-?\d+$/, 'an integer'), z.enum(CONTROLLER_STATES)),
  })
  .superRefine((v, ctx) => checkLocation(v, ctx, []));
export type ProfileState = z.infer<typeof profileState>;

/**
 * A bit that, while set, gives the case's state (controllers such as Carel's have a defrost flag and a
 * door flag rather than one state register); the first set bit wins, before `state`.
 */
export const profileStateBit = z
  .object({ ...location, state: z.enum(CONTROLLER_STATES) })
  .superRefine((v, ctx) => checkLocation(v, ctx, []));
export type ProfileStateBit = z.infer<typeof profileStateBit>;

export const profileAlarm = z
  .object({
    ...location,
    /** The alarm code sent to the console; raised while the value (or bit) is non-zero. */
    code: z.string().regex(/^[a-z0-9_]{1,64}$/, 'lowercase letters, digits or "_"'),
    name: z.string().max(120).optional(),
    severity: z.enum(['critical', 'high', 'medium', 'low']).default('medium'),
  })
  .superRefine((v, ctx) => checkLocation(v, ctx, []));
export type ProfileAlarm = z.infer<typeof profileAlarm>;

export const serialSettings = z.object({
  baud: z.number().int().positive().default(9600),
  parity: z.enum(['none', 'even', 'odd']).default('none'),
  data_bits: z.union([z.literal(7), z.literal(8)]).default(8),
  stop_bits: z.union([z.literal(1), z.literal(2)]).default(1),
});
export type SerialSettings = z.infer<typeof serialSettings>;

/** Roles a case has one of: the rules would not know which of two air temperatures to watch. */
const SINGLE_ROLES: readonly PointRole[] = ['case_air', 'case_evaporator', 'case_product', 'setpoint'];

export const deviceProfile = z
  .object({
    id: slug,
    vendor: z.string().min(1).max(120),
    model: z.string().min(1).max(120),
    version: z.string().regex(/^\d+(\.\d+){0,2}$/, 'a version such as 1 or 1.2.0'),
    /** The vendor document and page the addresses come from. */
    source: z.string().min(1).max(1000),
    serial_defaults: serialSettings.optional(),
    max_registers_per_read: z.number().int().min(1).max(MAX_REGISTERS_PER_REQUEST).default(32),
    points: z.array(profilePoint).min(1).max(500),
    state: profileState.optional(),
    state_bits: z.array(profileStateBit).max(16).default([]),
    alarms: z.array(profileAlarm).max(500).default([]),
  })
  .superRefine((p, ctx) => {
    const seen = new Set<string>();
    p.points.forEach((point, i) => {
      if (seen.has(point.key))
        ctx.addIssue({ code: 'custom', message: 'a second point with this key', path: ['points', i, 'key'] });
      seen.add(point.key);
    });
    for (const role of SINGLE_ROLES) {
      const at = p.points.flatMap((point, i) => (point.role === role ? [i] : []));
      for (const i of at.slice(1)) {
        ctx.addIssue({ code: 'custom', message: `a second point with role ${role}`, path: ['points', i, 'role'] });
      }
    }
    if (p.max_registers_per_read < 2) {
      p.points.forEach((point, i) => {
        if (typeWidth(point.type) === 2 && !isBitTable(point.table)) {
          ctx.addIssue({
            code: 'custom',
            message: `a ${point.type} needs max_registers_per_read of 2 or more`,
            path: ['points', i, 'type'],
          });
        }
      });
    }
    const codes = new Set<string>();
    p.alarms.forEach((alarm, i) => {
      if (codes.has(alarm.code))
        ctx.addIssue({ code: 'custom', message: 'a second alarm with this code', path: ['alarms', i, 'code'] });
      codes.add(alarm.code);
    });
  });
export type DeviceProfile = z.infer<typeof deviceProfile>;
export type DeviceProfileInput = z.input<typeof deviceProfile>;
