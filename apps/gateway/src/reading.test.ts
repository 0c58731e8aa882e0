import { type DeviceProfile, deviceProfile } from '@rcm/shared/device-profile';
import { describe, expect, it } from 'vitest';
import { planBlocks, slice } from './plan.ts';
import { loadProfiles } from './profiles.ts';
import { interpret, type ProfileItem, profileItems, type Raw } from './reading.ts';

/** Answers every block from a register image, as a controller would. */
function readAll(profile: DeviceProfile, image: Map<number, number>, bits = new Map<number, boolean>()) {
  const items = profileItems(profile);
  const raws = new Map<ProfileItem, Raw>();
  const blocks = planBlocks(items, profile.max_registers_per_read);
  for (const block of blocks) {
    const data =
      block.table === 'coil' || block.table === 'discrete'
        ? Array.from({ length: block.count }, (_, i) => bits.get(block.start + i) ?? false)
        : Array.from({ length: block.count }, (_, i) => image.get(block.start + i) ?? 0);
    for (const item of block.items) raws.set(item, slice(block, data as never[], item));
  }
  return { reading: interpret(profile, items, raws, new Date(0)), blocks };
}

const profiles = loadProfiles();
const danfoss = profiles.get('danfoss-ak-cc55') as DeviceProfile;
const carel = profiles.get('carel-ir33') as DeviceProfile;

describe('a Danfoss AK-CC55 poll', () => {
  it('reads the pinned addresses in few requests and decodes tenths of °C, state and sum alarm', () => {
    const image = new Map([
      [2531, 0xffd3], // u17 air -4.5
      [2543, (-120 + 65536) % 65536], // u26 Te -12.0
      [1010, 0xffe2], // u09 S5 -3.0
      [99, 20], // r00 cutout 2.0
      [2006, 14], // u00 defrost
      [2540, 1], // sum alarm
    ]);
    const { reading, blocks } = readAll(danfoss, image);
    expect(reading.values).toMatchObject({ air: -4.5, evap: -12, s5: -3, cutout: 2 });
    expect(reading.state).toBe('defrost');
    expect([...reading.alarms]).toEqual(['controller_alarm']);
    // 99 | 1010 | 2006 | 2529..2531 | 2540 | 2543: six requests for nine registers.
    expect(blocks.map((b) => [b.start, b.count])).toEqual([
      [99, 1],
      [1010, 1],
      [2006, 1],
      [2529, 3],
      [2540, 1],
      [2543, 1],
    ]);
  });

  it('maps door and off codes, and reads an unmapped state as ok', () => {
    for (const [raw, state] of [
      [17, 'door_open'],
      [31, 'door_open'],
      [10, 'off'],
      [45, 'off'],
      [0, 'ok'],
    ] as const) {
      expect(readAll(danfoss, new Map([[2006, raw]])).reading).toMatchObject({ state, state_raw: raw });
    }
  });
});

describe('a Carel ir33 poll', () => {
  it('reads coils for defrost, door and alarms; the defrost flag wins over the door', () => {
    const image = new Map([[4, 0xffce]]); // probe 1 -5.0
    const { reading } = readAll(
      carel,
      image,
      new Map([
        [31, true],
        [37, true],
        [16, true],
      ]),
    );
    expect(reading.values.probe1).toBe(-5);
    expect(reading.state).toBe('defrost');
    expect([...reading.alarms]).toEqual(['high_temperature']);
    expect(readAll(carel, image, new Map([[37, true]])).reading.state).toBe('door_open');
  });
});

describe('alarm bits', () => {
  it('raises each alarm of a status word by its bit', () => {
    const generic = profiles.get('generic-case') as DeviceProfile;
    const { reading } = readAll(generic, new Map([[4, 0b101]]));
    expect([...reading.alarms].sort()).toEqual(['high_temperature', 'probe_fault']);
  });

  it('reads a NaN float as no value', () => {
    const p = deviceProfile.parse({
      id: 'f',
      vendor: 'v',
      model: 'm',
      version: '1',
      source: 's',
      points: [{ key: 'x', name: 'X', table: 'input', address: 0, type: 'float32' }],
    });
    expect(readAll(p, new Map([[0, 0x7fc0]])).reading.values).toEqual({ x: null });
  });
});
