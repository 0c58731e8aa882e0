import type { ValueType, WordOrder } from './device-profile.ts';

/** A value's place in a read: its raw words (registers) or bits, and how they read. */
export type Decoding = { type: ValueType; word_order: WordOrder; bit?: number | undefined };

const scratch = new DataView(new ArrayBuffer(4));

/**
 * The raw value of registers as the type reads them. Bytes within a register are big-endian (Modbus);
 * `word_order: big` puts the first register high, as most controllers do; `little` swaps the two.
 * With `bit`, the value is that bit (0 = least significant) of the unsigned raw value.
 */
export function decodeRegisters(words: readonly number[], d: Decoding): number {
  const [first = 0, second = 0] = words;
  let raw: number;
  if (d.type === 'int16' || d.type === 'uint16' || d.type === 'bool') {
    scratch.setUint16(0, first);
    raw = d.type === 'int16' && d.bit === undefined ? scratch.getInt16(0) : scratch.getUint16(0);
  } else {
    const [hi, lo] = d.word_order === 'big' ? [first, second] : [second, first];
    scratch.setUint16(0, hi);
    scratch.setUint16(2, lo);
    if (d.bit !== undefined) raw = scratch.getUint32(0);
    else if (d.type === 'int32') raw = scratch.getInt32(0);
    else if (d.type === 'uint32') raw = scratch.getUint32(0);
    else raw = scratch.getFloat32(0);
  }
  if (d.bit !== undefined) return Math.floor(raw / 2 ** d.bit) % 2;
  if (d.type === 'bool') return raw === 0 ? 0 : 1;
  return raw;
}

/** Scale and offset applied, rounded so tenths read as tenths (0.1 × 3 is 0.3, not 0.30000000000000004). */
export function engineeringValue(raw: number, scale: number, offset: number): number | null {
  const v = raw * scale + offset;
  if (!Number.isFinite(v)) return null;
  return Math.round(v * 1e6) / 1e6;
}

const RANGES: Record<ValueType, [number, number]> = {
  int16: [-32_768, 32_767],
  uint16: [0, 65_535],
  int32: [-2_147_483_648, 2_147_483_647],
  uint32: [0, 4_294_967_295],
  float32: [-3.4e38, 3.4e38],
  bool: [0, 1],
};

/**
 * The raw value a controller holds for an engineering value: the inverse of `engineeringValue`,
 * rounded to an integer (except for a float32) and held within the type's range, as a controller's
 * register saturates.
 */
export function rawOfEngineering(value: number, scale: number, offset: number, type: ValueType): number {
  const raw = (value - offset) / scale;
  const [min, max] = RANGES[type];
  const whole = type === 'float32' ? raw : Math.round(raw);
  return Math.min(max, Math.max(min, whole));
}

/** The registers a raw value occupies (without `bit`): what `decodeRegisters` reads back as `raw`. */
export function encodeRegisters(raw: number, d: Decoding): number[] {
  if (d.type === 'int16' || d.type === 'uint16' || d.type === 'bool') {
    if (d.type === 'bool') return [raw === 0 ? 0 : 1];
    if (d.type === 'int16') scratch.setInt16(0, raw);
    else scratch.setUint16(0, raw);
    return [scratch.getUint16(0)];
  }
  if (d.type === 'int32') scratch.setInt32(0, raw);
  else if (d.type === 'uint32') scratch.setUint32(0, raw);
  else scratch.setFloat32(0, raw);
  const hi = scratch.getUint16(0);
  const lo = scratch.getUint16(2);
  return d.word_order === 'big' ? [hi, lo] : [lo, hi];
}

/** `words` (a register, or two for a 32-bit type) with the `bit` of `d` set or cleared. */
export function withBit(words: readonly number[], d: Decoding & { bit: number }, on: boolean): number[] {
  const [first = 0, second = 0] = words;
  if (d.type !== 'int32' && d.type !== 'uint32') {
    const mask = 1 << d.bit;
    return [(on ? first | mask : first & ~mask) & 0xffff];
  }
  const [hi, lo] = d.word_order === 'big' ? [first, second] : [second, first];
  const inHi = d.bit >= 16;
  const mask = 1 << (d.bit % 16);
  const set = (w: number) => (on ? w | mask : w & ~mask) & 0xffff;
  const next = inHi ? [set(hi), lo] : [hi, set(lo)];
  return d.word_order === 'big' ? next : [next[1] as number, next[0] as number];
}
