import { describe, expect, it } from 'vitest';
import { decodeRegisters, encodeRegisters, engineeringValue, rawOfEngineering, withBit } from './modbus-codec.ts';

const big = { word_order: 'big' } as const;
const little = { word_order: 'little' } as const;

describe('decodeRegisters', () => {
  it('reads 16-bit values signed and unsigned', () => {
    expect(decodeRegisters([0xffff], { ...big, type: 'int16' })).toBe(-1);
    expect(decodeRegisters([0xff38], { ...big, type: 'int16' })).toBe(-200);
    expect(decodeRegisters([0x8000], { ...big, type: 'int16' })).toBe(-32768);
    expect(decodeRegisters([0x7fff], { ...big, type: 'int16' })).toBe(32767);
    expect(decodeRegisters([0xffff], { ...big, type: 'uint16' })).toBe(65535);
  });

  it('reads 32-bit values in either word order', () => {
    expect(decodeRegisters([0x0001, 0x0002], { ...big, type: 'uint32' })).toBe(65538);
    expect(decodeRegisters([0x0002, 0x0001], { ...little, type: 'uint32' })).toBe(65538);
    expect(decodeRegisters([0xffff, 0xfffe], { ...big, type: 'int32' })).toBe(-2);
    expect(decodeRegisters([0xfffe, 0xffff], { ...little, type: 'int32' })).toBe(-2);
    expect(decodeRegisters([0xffff, 0xffff], { ...big, type: 'uint32' })).toBe(4294967295);
  });

  it('reads IEEE 754 floats', () => {
    // -4.5 is 0xC0900000
    expect(decodeRegisters([0xc090, 0x0000], { ...big, type: 'float32' })).toBe(-4.5);
    expect(decodeRegisters([0x0000, 0xc090], { ...little, type: 'float32' })).toBe(-4.5);
    expect(Number.isNaN(decodeRegisters([0x7fc0, 0x0000], { ...big, type: 'float32' }))).toBe(true);
  });

  it('picks bits of the unsigned value, and reads a register as a bool', () => {
    expect(decodeRegisters([0b1010], { ...big, type: 'uint16', bit: 1 })).toBe(1);
    expect(decodeRegisters([0b1010], { ...big, type: 'uint16', bit: 2 })).toBe(0);
    expect(decodeRegisters([0x8000], { ...big, type: 'int16', bit: 15 })).toBe(1);
    expect(decodeRegisters([0x8000, 0x0000], { ...big, type: 'uint32', bit: 31 })).toBe(1);
    expect(decodeRegisters([0x0000, 0x8000], { ...little, type: 'uint32', bit: 31 })).toBe(1);
    expect(decodeRegisters([0x0001, 0x0000], { ...big, type: 'uint32', bit: 16 })).toBe(1);
    expect(decodeRegisters([0x0004], { ...big, type: 'bool' })).toBe(1);
    expect(decodeRegisters([0], { ...big, type: 'bool' })).toBe(0);
    expect(decodeRegisters([0b0100], { ...big, type: 'bool', bit: 2 })).toBe(1);
  });
});

describe('engineeringValue', () => {
  it('applies scale and offset without floating noise', () => {
    expect(engineeringValue(-215, 0.1, 0)).toBe(-21.5);
    expect(engineeringValue(3, 0.1, 0)).toBe(0.3);
    expect(engineeringValue(1000, 0.01, -40)).toBe(-30);
    expect(engineeringValue(Number.NaN, 1, 0)).toBeNull();
  });
});

describe('encoding, the inverse a simulated controller answers with', () => {
  const types = ['int16', 'uint16', 'int32', 'uint32', 'float32'] as const;
  it('reads back every type in either word order', () => {
    const samples: Record<(typeof types)[number], number[]> = {
      int16: [-32768, -215, 0, 32767],
      uint16: [0, 1, 65535],
      int32: [-2147483648, -2, 65538, 2147483647],
      uint32: [0, 65538, 4294967295],
      float32: [-4.5, 0, 1234.5],
    };
    for (const type of types) {
      for (const word_order of ['big', 'little'] as const) {
        for (const raw of samples[type]) {
          expect(decodeRegisters(encodeRegisters(raw, { type, word_order }), { type, word_order })).toBe(raw);
        }
      }
    }
    expect(encodeRegisters(65538, { ...big, type: 'uint32' })).toEqual([0x0001, 0x0002]);
    expect(encodeRegisters(65538, { ...little, type: 'uint32' })).toEqual([0x0002, 0x0001]);
  });

  it('scales an engineering value to its raw integer, saturating at the type', () => {
    expect(rawOfEngineering(-21.5, 0.1, 0, 'int16')).toBe(-215);
    expect(engineeringValue(rawOfEngineering(-30, 0.01, -40, 'uint16'), 0.01, -40)).toBe(-30);
    expect(rawOfEngineering(-5, 1, 0, 'uint16')).toBe(0);
    expect(rawOfEngineering(5000, 0.1, 0, 'int16')).toBe(32767);
    expect(rawOfEngineering(1.25, 1, 0, 'float32')).toBe(1.25);
  });

  it('sets and clears one bit, keeping the others, also across a 32-bit value', () => {
    expect(withBit([0b1000], { ...big, type: 'uint16', bit: 1 }, true)).toEqual([0b1010]);
    expect(withBit([0b1010], { ...big, type: 'uint16', bit: 3 }, false)).toEqual([0b0010]);
    for (const word_order of ['big', 'little'] as const) {
      for (const bit of [0, 15, 16, 31]) {
        const d = { type: 'uint32', word_order, bit } as const;
        const words = withBit([0, 0], d, true);
        expect(decodeRegisters(words, d)).toBe(1);
        expect(decodeRegisters(words, { ...d, bit: (bit + 1) % 32 })).toBe(0);
      }
    }
  });
});
