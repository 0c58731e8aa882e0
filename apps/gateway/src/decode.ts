import type { ValueType, WordOrder } from '@rcm/shared/device-profile';

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
