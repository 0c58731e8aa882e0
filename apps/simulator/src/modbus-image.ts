/**
 * What a simulated controller's registers hold: its readings (case-controller.ts) written into the
 * registers and bits its device profile names, in the profile's types, scale, offset, word order and
 * units, through the same codec the gateway decodes with (`@rcm/shared/modbus-codec`).
 */
import {
  type ControllerState,
  type DeviceProfile,
  isBitTable,
  type ProfilePoint,
  type RegisterTable,
} from '@rcm/shared/device-profile';
import { type Decoding, encodeRegisters, rawOfEngineering, withBit } from '@rcm/shared/modbus-codec';
import type { CaseCondition, CaseReadings } from './case-controller.ts';

/** The registers (16-bit words) and bits of one unit, by table and wire address. */
export type RegisterImage = {
  words: Map<'holding' | 'input', Map<number, number>>;
  bits: Map<'coil' | 'discrete', Map<number, boolean>>;
};

/**
 * The alarm codes the simulated controller knows, and the condition that sets each; `any` is a sum
 * alarm, set while any condition holds. A profile's alarm with another code stays clear.
 */
export const ALARM_CONDITIONS: Readonly<Record<string, CaseCondition | 'any'>> = {
  high_temperature: 'high_temperature',
  low_temperature: 'low_temperature',
  probe_fault: 'probe_fault',
  // Carel's probe 1 is its air probe (carel-ir33's case_air).
  probe1_fault: 'probe_fault',
  sensor_fault: 'probe_fault',
  defrost_timeout: 'defrost_timeout',
  door_open_too_long: 'door_open',
  door_alarm: 'door_open',
  controller_alarm: 'any',
};

const PSI_PER_BAR = 14.503_773_8;

/** A temperature in °F in the point's unit (°C, K or °F); a difference when `delta`. */
function temperature(f: number, unit: string | undefined, delta: boolean): number {
  const u = (unit ?? '°F').replace('°', '').toUpperCase();
  if (u === 'F') return f;
  const c = delta ? (f * 5) / 9 : ((f - 32) * 5) / 9;
  return u === 'K' && !delta ? c + 273.15 : c;
}

/** A gauge pressure in psig in the point's unit (bar, kPa or psi). */
function pressure(psig: number, unit: string | undefined): number {
  const u = (unit ?? 'psig').toLowerCase();
  if (u === 'bar') return psig / PSI_PER_BAR;
  if (u === 'kpa') return (psig / PSI_PER_BAR) * 100;
  return psig;
}

const isTemperatureUnit = (unit: string | undefined) => unit !== undefined && /^°?[CFK]$/i.test(unit);

/**
 * The value a point reads from the case, by its role; a point of role `other` with a temperature unit
 * reads the evaporator when its name says so and the air otherwise (the controller's other probes sit in
 * the same case), a bool `other` reads the compressor relay, and any other `other` point reads 0.
 */
export function pointValue(p: ProfilePoint, r: CaseReadings): number {
  switch (p.role) {
    case 'case_air':
      return temperature(r.airF, p.unit, false);
    case 'case_evaporator':
      return temperature(r.evaporatorF, p.unit, false);
    case 'case_product':
      return temperature(r.productF, p.unit, false);
    case 'setpoint':
      return temperature(r.setPointF, p.unit, false);
    case 'suction':
      return pressure(r.suctionPsig, p.unit);
    case 'discharge':
      return pressure(r.dischargePsig, p.unit);
    case 'superheat':
      return temperature(r.superheatF, p.unit, true);
    case 'liquid_level':
      return r.liquidLevelPercent;
    case 'oil_pressure':
      return pressure(r.oilPressurePsig, p.unit);
    default:
      if (p.type === 'bool' || isBitTable(p.table)) return r.cooling ? 1 : 0;
      if (isTemperatureUnit(p.unit)) return temperature(/evap/i.test(p.name) ? r.evaporatorF : r.airF, p.unit, false);
      return 0;
  }
}

/** The raw state register value that the profile's map reads as `state`; `ok` is any unmapped value. */
export function stateRaw(map: Readonly<Record<string, ControllerState>>, state: ControllerState): number {
  const found = Object.entries(map).find(([, s]) => s === state);
  if (found) return Number(found[0]);
  let raw = 0;
  while (map[String(raw)] !== undefined) raw++;
  // A state the map has no code for reads as `ok` at the gateway: the nearest this controller can say.
  return raw;
}

type Located = Decoding & { table: RegisterTable; address: number };

function put(image: RegisterImage, at: Located, value: number) {
  if (isBitTable(at.table)) {
    const table = at.table as 'coil' | 'discrete';
    const bits = image.bits.get(table) ?? new Map<number, boolean>();
    bits.set(at.address, value !== 0);
    image.bits.set(table, bits);
    return;
  }
  const table = at.table as 'holding' | 'input';
  const words = image.words.get(table) ?? new Map<number, number>();
  image.words.set(table, words);
  const width = at.type === 'int32' || at.type === 'uint32' || at.type === 'float32' ? 2 : 1;
  let out: number[];
  if (at.bit !== undefined) {
    const current = Array.from({ length: width }, (_, i) => words.get(at.address + i) ?? 0);
    out = withBit(current, { ...at, bit: at.bit }, value !== 0);
  } else {
    out = encodeRegisters(at.type === 'bool' ? (value ? 1 : 0) : value, at);
  }
  for (const [i, w] of out.entries()) words.set(at.address + i, w);
}

/** Every register and bit the profile names, holding what the controller reads now. */
export function registerImage(profile: DeviceProfile, r: CaseReadings): RegisterImage {
  const image: RegisterImage = { words: new Map(), bits: new Map() };
  for (const p of profile.points) {
    put(image, p, rawOfEngineering(pointValue(p, r), p.scale, p.offset, p.type));
  }
  if (profile.state) put(image, profile.state, stateRaw(profile.state.map, r.state));
  for (const s of profile.state_bits) put(image, s, s.state === r.state ? 1 : 0);
  for (const a of profile.alarms) {
    const condition = ALARM_CONDITIONS[a.code];
    const on = condition === 'any' ? r.conditions.size > 0 : condition !== undefined && r.conditions.has(condition);
    put(image, a, on ? 1 : 0);
  }
  return image;
}
