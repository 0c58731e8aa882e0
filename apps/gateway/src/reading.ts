import type { ControllerState, DeviceProfile } from '@rcm/shared/device-profile';
import { type Decoding, decodeRegisters, engineeringValue } from '@rcm/shared/modbus-codec';
import type { ReadItem } from './plan.ts';

/** A value a poll reads, and what it is in the profile. */
export type ProfileItem = ReadItem & Decoding & { kind: 'point' | 'state' | 'state_bit' | 'alarm'; index: number };

/** Everything a poll of this profile reads. */
export function profileItems(profile: DeviceProfile): ProfileItem[] {
  const at =
    (kind: ProfileItem['kind']) =>
    (v: ReadItem & Decoding, index: number): ProfileItem => ({
      table: v.table,
      address: v.address,
      type: v.type,
      word_order: v.word_order,
      bit: v.bit,
      kind,
      index,
    });
  return [
    ...profile.points.map(at('point')),
    ...(profile.state ? [at('state')(profile.state, 0)] : []),
    ...profile.state_bits.map(at('state_bit')),
    ...profile.alarms.map(at('alarm')),
  ];
}

/** What one poll of a controller read, in engineering units. */
export type Reading = {
  at: Date;
  /** Point key → value (null when the register holds no number, e.g. a NaN float). */
  values: Record<string, number | null>;
  state: ControllerState;
  /** The state register's raw value, for a state the profile's map does not name. */
  state_raw: number | null;
  /** Alarm codes whose register or bit is set. */
  alarms: Set<string>;
};

/** The raw words (registers) or bits of one item, as the read answered them. */
export type Raw = readonly number[] | readonly boolean[];

function rawValue(item: ProfileItem, raw: Raw): number {
  if (typeof raw[0] === 'boolean') return raw[0] ? 1 : 0;
  return decodeRegisters(raw as readonly number[], item);
}

/** Turns the raw answer of every item into a reading. */
export function interpret(
  profile: DeviceProfile,
  items: readonly ProfileItem[],
  raws: ReadonlyMap<ProfileItem, Raw>,
  at: Date,
): Reading {
  const values: Record<string, number | null> = {};
  let stateRaw: number | null = null;
  let stateBit: ControllerState | null = null;
  const alarms = new Set<string>();
  for (const item of items) {
    const raw = raws.get(item);
    if (!raw) continue;
    const v = rawValue(item, raw);
    if (item.kind === 'point') {
      const p = profile.points[item.index];
      if (p) values[p.key] = engineeringValue(v, p.scale, p.offset);
    } else if (item.kind === 'state') {
      stateRaw = v;
    } else if (item.kind === 'state_bit') {
      const s = profile.state_bits[item.index];
      if (s && v !== 0 && stateBit === null) stateBit = s.state;
    } else {
      const a = profile.alarms[item.index];
      if (a && v !== 0) alarms.add(a.code);
    }
  }
  const mapped = stateRaw === null ? undefined : profile.state?.map[String(stateRaw)];
  return { at, values, state: stateBit ?? mapped ?? 'ok', state_raw: stateRaw, alarms };
}
