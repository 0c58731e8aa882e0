import { telemetryMessage } from '@rcm/shared/device';
import { describe, expect, it } from 'vitest';
import { mulberry32, type Random } from './prng.ts';
import {
  CASE_ALARM_F,
  createRack,
  FLAKY,
  faultsAt,
  MODEL_FAULTS,
  type ModelFault,
  type RackState,
  rackRef,
  rackSnapshot,
  SIGNALS,
  stepRack,
  type TelemetryRack,
  telemetrySnapshot,
} from './rack-model.ts';

const NONE: ReadonlySet<ModelFault> = new Set();

function run(rack: RackState, seconds: number, faults: ReadonlySet<ModelFault>, rand: Random, stepS = 10): RackState {
  let state = rack;
  for (let t = 0; t < seconds; t += stepS) state = stepRack(state, stepS, faults, rand);
  return state;
}

const point = (snap: TelemetryRack, addr: string) => {
  const found = snap.points.find((p) => p.addr === addr);
  if (!found) throw new Error(`no point ${addr}`);
  return found;
};

describe('rack model', () => {
  it('labels racks A…Z then AA', () => {
    expect([0, 1, 25, 26, 27].map(rackRef)).toEqual(['A', 'B', 'Z', 'AA', 'AB']);
  });

  it('keeps a healthy rack inside its normal ranges for a simulated day, drifting smoothly', () => {
    const rand = mulberry32(42);
    let rack = createRack('A', 3, rand);
    // Observed [min, max] per published reading, and the largest 10 s jump of each.
    const seen = new Map<string, { min: number; max: number; jump: number; last?: number }>();
    const observe = (name: string, value: number | null) => {
      if (value === null) throw new Error(`${name} is null on a healthy rack`);
      const s = seen.get(name) ?? { min: value, max: value, jump: 0 };
      if (s.last !== undefined) s.jump = Math.max(s.jump, Math.abs(value - s.last));
      seen.set(name, { min: Math.min(s.min, value), max: Math.max(s.max, value), jump: s.jump, last: value });
    };
    const statuses = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      rack = stepRack(rack, 10, NONE, rand);
      const snap = rackSnapshot(rack, NONE);
      for (const [name, value] of Object.entries(snap.metrics)) observe(name, value);
      for (const p of snap.points) {
        observe(p.addr, p.value);
        statuses.add(p.status);
      }
    }
    const range = (name: string) => {
      const s = seen.get(name);
      return s && [s.min, s.max];
    };
    const within = (name: string, min: number, max: number) => {
      const [lo = Number.NaN, hi = Number.NaN] = range(name) ?? [];
      expect(lo, `${name} min`).toBeGreaterThanOrEqual(min);
      expect(hi, `${name} max`).toBeLessThanOrEqual(max);
      // It does wander: a constant would also stay "in range".
      expect(hi - lo, `${name} spread`).toBeGreaterThan((max - min) / 4);
      // Smooth: ten seconds never moves a reading by more than a small part of its band.
      expect(seen.get(name)?.jump, `${name} jump`).toBeLessThan((max - min) / 5);
    };
    within('superheat', 6, 12);
    within('liquid_level', 45, 75);
    within('oil_pressure', 25, 40);
    within('A.SUCT', 38, 45);
    within('A.DISCH', 180, 230);
    for (const n of [1, 2, 3]) within(`A.CASE${n}`, 33, 38);
    expect(range('A.COMP1')).toEqual([1, 1]);
    expect([...statuses]).toEqual(['ok']);
  });

  it('rounds published values to 0.1 and names points as the protocol expects', () => {
    const snap = rackSnapshot(run(createRack('B', 2, mulberry32(1)), 600, NONE, mulberry32(2)), NONE);
    const values = [...Object.values(snap.metrics), ...snap.points.map((p) => p.value ?? 0)];
    for (const v of values) expect(String(v)).toMatch(/^\d+(\.\d)?$/);
    expect(snap.points.map((p) => [p.addr, p.name, p.unit, p.set_point])).toEqual([
      ['B.SUCT', 'Suction Pressure', 'psig', 40],
      ['B.DISCH', 'Discharge Pressure', 'psig', 200],
      ['B.CASE1', 'Case 1 Temperature', '°F', 35],
      ['B.CASE2', 'Case 2 Temperature', '°F', 35],
      ['B.COMP1', 'Compressor 1', undefined, undefined],
    ]);
    expect(snap.name).toBe('Rack B');
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const sample = (seed: number) => {
      const rand = mulberry32(seed);
      return rackSnapshot(run(createRack('A', 3, rand), 300, NONE, rand), NONE);
    };
    expect(sample(7)).toEqual(sample(7));
    expect(sample(7)).not.toEqual(sample(8));
  });

  it('floodback sinks superheat to 1–3 K over about two minutes', () => {
    const rand = mulberry32(3);
    const start = createRack('A', 3, rand);
    const faults = new Set<ModelFault>(['floodback']);
    expect(run(start, 30, faults, rand).superheat).toBeGreaterThan(3.5); // gradual, not a jump
    const after = run(start, 150, faults, rand);
    expect(after.superheat).toBeGreaterThanOrEqual(1);
    expect(after.superheat).toBeLessThanOrEqual(3);
    const longAfter = run(after, 3600, faults, rand);
    expect(longAfter.superheat).toBeGreaterThanOrEqual(1);
    expect(longAfter.superheat).toBeLessThanOrEqual(3);
  });

  it('a refrigerant leak empties the receiver about 1 %/min down to 5 %', () => {
    const rand = mulberry32(4);
    const start = createRack('A', 3, rand);
    const faults = new Set<ModelFault>(['refrigerant_leak']);
    const tenMinutes = run(start, 600, faults, rand);
    expect(start.liquidLevel - tenMinutes.liquidLevel).toBeGreaterThan(9);
    expect(start.liquidLevel - tenMinutes.liquidLevel).toBeLessThan(11);
    // The rate does not depend on how often the controller publishes.
    const oneStep = stepRack(start, 600, faults, mulberry32(4));
    expect(Math.abs(oneStep.liquidLevel - tenMinutes.liquidLevel)).toBeLessThan(1);
    const twoHours = run(tenMinutes, 7200, faults, rand);
    expect(twoHours.liquidLevel).toBeGreaterThanOrEqual(5);
    expect(twoHours.liquidLevel).toBeLessThan(5.5);
  });

  it('an oil failure drops oil pressure below 8 psi', () => {
    const rand = mulberry32(5);
    const after = run(createRack('A', 3, rand), 120, new Set(['oil_failure']), rand);
    expect(rackSnapshot(after, NONE).metrics.oil_pressure).toBeLessThan(8);
    expect(after.oilPressure).toBeGreaterThanOrEqual(0);
  });

  it('a rack switched to manual reports COMP1 as manual_on', () => {
    const rack = createRack('A', 3, mulberry32(6));
    expect(point(rackSnapshot(rack, new Set(['rack_manually_on'])), 'A.COMP1')).toMatchObject({
      value: 1,
      status: 'manual_on',
    });
    expect(point(rackSnapshot(rack, NONE), 'A.COMP1').status).toBe('ok');
  });

  it('a warm case climbs toward 50 °F and flags itself above 41 °F; the other cases stay cold', () => {
    const rand = mulberry32(7);
    const faults = new Set<ModelFault>(['high_case_temp']);
    const start = createRack('A', 3, rand);
    const fiveMinutes = run(start, 300, faults, rand);
    expect(fiveMinutes.cases[0]).toBeGreaterThan(CASE_ALARM_F);
    expect(fiveMinutes.cases[0]).toBeLessThan(50);
    expect(point(rackSnapshot(fiveMinutes, faults), 'A.CASE1').status).toBe('alarm');
    const hour = run(fiveMinutes, 3600, faults, rand);
    expect(hour.cases[0]).toBeGreaterThan(49);
    expect(hour.cases[0]).toBeLessThan(51);
    expect(hour.cases[1]).toBeLessThanOrEqual(SIGNALS.caseTemp.max);
  });

  it('a failed sensor reports CASE2 as null with status fault', () => {
    const rack = createRack('A', 3, mulberry32(8));
    const snap = rackSnapshot(rack, new Set(['sensor_failure']));
    expect(point(snap, 'A.CASE2')).toMatchObject({ value: null, status: 'fault' });
    expect(point(snap, 'A.CASE1').value).not.toBeNull();
    expect(point(rackSnapshot(createRack('A', 1, mulberry32(8)), new Set(['sensor_failure'])), 'A.CASE1').status).toBe(
      'fault',
    );
  });

  it('returns to the normal band within minutes once a fault is cleared', () => {
    const rand = mulberry32(9);
    const all = new Set<ModelFault>(['floodback', 'oil_failure', 'high_case_temp', 'refrigerant_leak']);
    const faulty = run(createRack('A', 3, rand), 1800, all, rand);
    expect(faulty.superheat).toBeLessThan(SIGNALS.superheat.min);
    const healed = run(faulty, 600, NONE, rand);
    expect(healed.superheat).toBeGreaterThanOrEqual(SIGNALS.superheat.min);
    expect(healed.oilPressure).toBeGreaterThanOrEqual(SIGNALS.oilPressure.min);
    expect(healed.cases[0]).toBeLessThanOrEqual(SIGNALS.caseTemp.max);
    expect(healed.liquidLevel).toBeGreaterThanOrEqual(SIGNALS.liquidLevel.min);
  });

  it('produces snapshots that validate against the shared telemetry schema, faults included', () => {
    const rand = mulberry32(10);
    const racks = [createRack('A', 3, rand), createRack('B', 3, rand)].map((r) =>
      run(r, 900, new Set(MODEL_FAULTS), rand),
    );
    const message = telemetrySnapshot(
      'aabbccddeeff-1-x',
      new Date('2026-11-22T01:02:03Z'),
      racks.map((r) => rackSnapshot(r, new Set(MODEL_FAULTS))),
    );
    const parsed = telemetryMessage.safeParse(JSON.parse(JSON.stringify(message)));
    expect(parsed.error).toBeUndefined();
    expect(parsed.data).toEqual(message);
    expect(message.ts).toBe('2026-11-22T01:02:03.000Z');
  });
});

describe('a flaky sensor', () => {
  it('fails for the first 2 minutes of every 15, and only then', () => {
    const flaky = new Set(['flaky_sensor'] as const);
    const base = 1_000 * FLAKY.everyMs;
    expect(faultsAt(flaky, base).has('sensor_failure')).toBe(true);
    expect(faultsAt(flaky, base + FLAKY.failMs - 1).has('sensor_failure')).toBe(true);
    expect(faultsAt(flaky, base + FLAKY.failMs).has('sensor_failure')).toBe(false);
    expect(faultsAt(flaky, base + FLAKY.everyMs - 1).has('sensor_failure')).toBe(false);
    expect(faultsAt(new Set(), base).has('sensor_failure')).toBe(false);
  });
});
