import { describe, expect, it } from 'vitest';
import { type DeviceProfileInput, deviceProfile } from './device-profile.ts';

const base: DeviceProfileInput = {
  id: 'test-case',
  vendor: 'Test',
  model: 'Case',
  version: '1.0.0',
  source: 'Test manual, page 1',
  points: [{ key: 'air', name: 'Air', table: 'holding', address: 10, type: 'int16', scale: 0.1, role: 'case_air' }],
};

function issues(input: unknown): string[] {
  const r = deviceProfile.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('device profile schema', () => {
  it('fills the defaults', () => {
    const p = deviceProfile.parse(base);
    expect(p.max_registers_per_read).toBe(32);
    expect(p.alarms).toEqual([]);
    expect(p.points[0]).toMatchObject({ word_order: 'big', offset: 0, scale: 0.1, role: 'case_air' });
  });

  it('names the field that is wrong', () => {
    expect(issues({ ...base, points: [{ ...base.points[0], type: 'int8' }] })[0]).toMatch(/^points\.0\.type: /);
    expect(issues({ ...base, max_registers_per_read: 126 })[0]).toMatch(/^max_registers_per_read: /);
    expect(issues({ ...base, id: 'Has Space' })[0]).toMatch(/^id: /);
  });

  it('keeps bit tables to bools and bits within their register', () => {
    const point = base.points[0];
    expect(issues({ ...base, points: [{ ...point, table: 'coil', type: 'int16' }] })).toEqual([
      'points.0.type: a coil holds a bool, not int16',
    ]);
    expect(issues({ ...base, points: [{ ...point, table: 'discrete', type: 'bool', bit: 1 }] })).toEqual([
      'points.0.bit: a discrete has no bits to pick',
    ]);
    expect(issues({ ...base, points: [{ ...point, bit: 16 }] })).toEqual(['points.0.bit: a int16 has bits 0–15']);
    expect(issues({ ...base, points: [{ ...point, type: 'uint32', bit: 31 }] })).toEqual([]);
    expect(issues({ ...base, points: [{ ...point, type: 'float32', address: 65_535 }] })).toEqual([
      'points.0.address: the value runs past the last register (65535)',
    ]);
  });

  it('refuses duplicate keys, roles and alarm codes', () => {
    const point = base.points[0];
    expect(issues({ ...base, points: [point, { ...point, address: 11 }] })).toEqual([
      'points.1.key: a second point with this key',
      'points.1.role: a second point with role case_air',
    ]);
    const alarm = { table: 'holding', address: 1, type: 'uint16', code: 'high_temp' };
    expect(issues({ ...base, alarms: [alarm, { ...alarm, bit: 2 }] })).toEqual([
      'alarms.1.code: a second alarm with this code',
    ]);
  });

  it('reads the state map keys as integers', () => {
    const state = { table: 'holding', address: 5, type: 'int16', map: { '14': 'defrost', '-1': 'fault' } };
    expect(issues({ ...base, state })).toEqual([]);
    expect(issues({ ...base, state: { ...state, map: { x: 'defrost' } } })[0]).toMatch(/^state\.map\.x/);
    expect(issues({ ...base, state: { ...state, map: { '1': 'melting' } } })[0]).toMatch(/^state\.map\.1/);
  });
});
