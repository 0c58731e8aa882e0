import type { TelemetryMessage } from '@rcm/shared/device';
import { casePhase, phaseStatus, phaseTarget, shortCycleRunning } from './case-cycle.ts';
import { gaussian, type Random } from './prng.ts';

/**
 * Plausible physics of one refrigeration rack, as pure functions over an immutable state: the fleet
 * steps them with wall-clock time, the tests step them with simulated time and a fixed seed.
 */

/** Faults that change what the rack measures; 'offline' and 'malformed' live in the transport. */
export const MODEL_FAULTS = [
  'floodback',
  'refrigerant_leak',
  'oil_failure',
  'rack_manually_on',
  'high_case_temp',
  'sensor_failure',
  'flaky_sensor',
  // Case cycles (case-cycle.ts): a defrost that runs 90 minutes; a compressor starting 12 times an hour.
  'stuck_defrost',
  'short_cycling',
] as const;
export type ModelFault = (typeof MODEL_FAULTS)[number];

export type TelemetryRack = TelemetryMessage['racks'][number];
export type TelemetryPoint = TelemetryRack['points'][number];

export type RackState = {
  readonly ref: string;
  readonly superheat: number;
  readonly liquidLevel: number;
  readonly oilPressure: number;
  readonly suction: number;
  readonly discharge: number;
  readonly cases: readonly number[];
};

/** A value that wanders around `mean`, normally within [min, max]; `tauS` is how slowly it wanders. */
export type SignalSpec = { mean: number; min: number; max: number; sd: number; tauS: number };

export const SIGNALS = {
  superheat: { mean: 9, min: 6, max: 12, sd: 1, tauS: 300 },
  liquidLevel: { mean: 60, min: 45, max: 75, sd: 4, tauS: 600 },
  oilPressure: { mean: 32, min: 25, max: 40, sd: 2, tauS: 300 },
  suction: { mean: 41.5, min: 38, max: 45, sd: 1, tauS: 180 },
  discharge: { mean: 205, min: 180, max: 230, sd: 7, tauS: 300 },
  caseTemp: { mean: 35.5, min: 33, max: 38, sd: 0.7, tauS: 240 },
} as const satisfies Record<string, SignalSpec>;

export const SET_POINTS = { suction: 40, discharge: 200, caseTemp: 35 } as const;

/** Above this a case is out of spec (docs/contracts.md §8), so the controller flags the point itself. */
export const CASE_ALARM_F = 41;

/** Once a cleared fault left a value outside its normal band, it returns within a few minutes. */
const RECOVERY_TAU_S = 45;

/** Fault dynamics, tuned so each fault becomes visible on the dashboard within a few minutes. */
export const FAULT_DYNAMICS = {
  floodback: { superheatTarget: 2, tauS: 30, floor: 1 },
  refrigerantLeak: { percentPerMinute: 1, floor: 5 },
  oilFailure: { target: 5, tauS: 20 },
  highCaseTemp: { target: 50, tauS: 180 },
} as const;

export const round1 = (value: number): number => Math.round(value * 10) / 10;

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** 'A'…'Z', then 'AA', 'AB'…: rack refs as the controllers label them. */
export function rackRef(index: number): string {
  let n = index;
  let ref = '';
  do {
    ref = String.fromCharCode(65 + (n % 26)) + ref;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return ref;
}

function initial(spec: SignalSpec, rand: Random): number {
  return clamp(spec.mean + spec.sd * 0.5 * gaussian(rand), spec.min, spec.max);
}

export function createRack(ref: string, casesPerRack: number, rand: Random): RackState {
  return {
    ref,
    superheat: initial(SIGNALS.superheat, rand),
    liquidLevel: initial(SIGNALS.liquidLevel, rand),
    oilPressure: initial(SIGNALS.oilPressure, rand),
    suction: initial(SIGNALS.suction, rand),
    discharge: initial(SIGNALS.discharge, rand),
    cases: Array.from({ length: casesPerRack }, () => initial(SIGNALS.caseTemp, rand)),
  };
}

/** Exact discretisation of exponential relaxation, so a 10 s step and ten 1 s steps agree. */
function relax(value: number, target: number, dtS: number, tauS: number): number {
  return target + (value - target) * Math.exp(-dtS / tauS);
}

/** Ornstein–Uhlenbeck noise increment whose stationary deviation is `sd`. */
function noise(spec: SignalSpec, dtS: number, rand: Random, scale = 1): number {
  return spec.sd * scale * Math.sqrt(1 - Math.exp((-2 * dtS) / spec.tauS)) * gaussian(rand);
}

/**
 * A healthy signal: a random walk pulled back to its mean. Noise never pushes an in-band value out of
 * band (a healthy rack must not trip alarms), while a value left out of band by a cleared fault
 * relaxes back quickly instead of snapping.
 */
export function driftNormal(value: number, spec: SignalSpec, dtS: number, rand: Random): number {
  const inBand = value >= spec.min && value <= spec.max;
  const next = relax(value, spec.mean, dtS, inBand ? spec.tauS : RECOVERY_TAU_S) + noise(spec, dtS, rand);
  if (inBand) return clamp(next, spec.min, spec.max);
  const towardBand = value < spec.min ? Math.max(next, value) : Math.min(next, value);
  return clamp(towardBand, 0, Number.MAX_VALUE);
}

export function driftToward(
  value: number,
  target: number,
  tauS: number,
  spec: SignalSpec,
  dtS: number,
  rand: Random,
): number {
  // Small noise while a fault dominates: the trend must stay readable on a chart.
  return Math.max(0, relax(value, target, dtS, tauS) + noise(spec, dtS, rand, 0.2));
}

/** A rack whose cases cycle (defrosts, doors): its cases' seeds and the time of the step's end. */
export type CycleClock = { nowMs: number; caseSeeds: readonly number[] };

/** A stuck defrost lasts this long. */
export const STUCK_DEFROST_MINUTES = 90;

const phaseOf = (cycle: CycleClock, i: number, faults: ReadonlySet<ModelFault>) =>
  casePhase(cycle.caseSeeds[i] ?? i, cycle.nowMs, {
    stuckMinutes: faults.has('stuck_defrost') && i === 0 ? STUCK_DEFROST_MINUTES : undefined,
  });

export function stepRack(
  rack: RackState,
  dtS: number,
  faults: ReadonlySet<ModelFault>,
  rand: Random,
  cycle?: CycleClock,
): RackState {
  if (dtS <= 0) return rack;
  const fb = FAULT_DYNAMICS.floodback;
  const leak = FAULT_DYNAMICS.refrigerantLeak;
  const oil = FAULT_DYNAMICS.oilFailure;
  const hot = FAULT_DYNAMICS.highCaseTemp;

  const superheat = faults.has('floodback')
    ? Math.max(fb.floor, driftToward(rack.superheat, fb.superheatTarget, fb.tauS, SIGNALS.superheat, dtS, rand))
    : driftNormal(rack.superheat, SIGNALS.superheat, dtS, rand);

  // A leak empties the receiver at a steady rate rather than exponentially.
  const liquidLevel = faults.has('refrigerant_leak')
    ? Math.max(
        leak.floor,
        rack.liquidLevel - (leak.percentPerMinute * dtS) / 60 + noise(SIGNALS.liquidLevel, dtS, rand, 0.02),
      )
    : driftNormal(rack.liquidLevel, SIGNALS.liquidLevel, dtS, rand);

  const oilPressure = faults.has('oil_failure')
    ? driftToward(rack.oilPressure, oil.target, oil.tauS, SIGNALS.oilPressure, dtS, rand)
    : driftNormal(rack.oilPressure, SIGNALS.oilPressure, dtS, rand);

  const cases = rack.cases.map((temp, i) => {
    if (i === 0 && faults.has('high_case_temp'))
      return driftToward(temp, hot.target, hot.tauS, SIGNALS.caseTemp, dtS, rand);
    const phase = cycle ? phaseTarget(phaseOf(cycle, i, faults)) : null;
    if (phase) return driftToward(temp, phase.target, phase.tauS, SIGNALS.caseTemp, dtS, rand);
    return driftNormal(temp, SIGNALS.caseTemp, dtS, rand);
  });

  return {
    ref: rack.ref,
    superheat,
    liquidLevel,
    oilPressure,
    suction: driftNormal(rack.suction, SIGNALS.suction, dtS, rand),
    discharge: driftNormal(rack.discharge, SIGNALS.discharge, dtS, rand),
    cases,
  };
}

/**
 * A flaky sensor fails for the first 2 minutes of every 15 (by the wall clock), long enough for the
 * 60-second sensor-failure delay: four raises an hour, so the console marks the alarm chattering.
 */
export const FLAKY = { everyMs: 15 * 60_000, failMs: 2 * 60_000 } as const;

/** The faults a rack shows at `nowMs`: a flaky sensor is a sensor failure while its phase lasts. */
export function faultsAt(faults: ReadonlySet<ModelFault>, nowMs: number): ReadonlySet<ModelFault> {
  if (!faults.has('flaky_sensor') || nowMs % FLAKY.everyMs >= FLAKY.failMs) return faults;
  return new Set([...faults, 'sensor_failure']);
}

/** The case whose sensor `sensor_failure` breaks: CASE2, or the only case of a one-case rack. */
export function failedSensorIndex(rack: RackState): number {
  return Math.min(1, rack.cases.length - 1);
}

function casePoint(
  rack: RackState,
  index: number,
  faults: ReadonlySet<ModelFault>,
  cycle: CycleClock | undefined,
): TelemetryPoint {
  const n = index + 1;
  const base = {
    addr: `${rack.ref}.CASE${n}`,
    name: `Case ${n} Temperature`,
    unit: '°F',
    set_point: SET_POINTS.caseTemp,
  };
  if (faults.has('sensor_failure') && index === failedSensorIndex(rack))
    return { ...base, value: null, status: 'fault' };
  const value = round1(rack.cases[index] ?? SIGNALS.caseTemp.mean);
  const cycled = cycle ? phaseStatus(phaseOf(cycle, index, faults)) : null;
  return { ...base, value, status: cycled ?? (value > CASE_ALARM_F ? 'alarm' : 'ok') };
}

export function rackSnapshot(rack: RackState, faults: ReadonlySet<ModelFault>, cycle?: CycleClock): TelemetryRack {
  const compressorOn = !faults.has('short_cycling') || shortCycleRunning(cycle?.nowMs ?? 0);
  return {
    ref: rack.ref,
    name: `Rack ${rack.ref}`,
    metrics: {
      superheat: round1(rack.superheat),
      liquid_level: round1(rack.liquidLevel),
      oil_pressure: round1(rack.oilPressure),
    },
    points: [
      {
        addr: `${rack.ref}.SUCT`,
        name: 'Suction Pressure',
        value: round1(rack.suction),
        unit: 'psig',
        set_point: SET_POINTS.suction,
        status: 'ok',
      },
      {
        addr: `${rack.ref}.DISCH`,
        name: 'Discharge Pressure',
        value: round1(rack.discharge),
        unit: 'psig',
        set_point: SET_POINTS.discharge,
        status: 'ok',
      },
      ...rack.cases.map((_, i) => casePoint(rack, i, faults, cycle)),
      {
        addr: `${rack.ref}.COMP1`,
        name: 'Compressor 1',
        value: compressorOn ? 1 : 0,
        status: faults.has('rack_manually_on') ? 'manual_on' : compressorOn ? 'ok' : 'off',
      },
    ],
  };
}

export function telemetrySnapshot(msgId: string, at: Date, racks: readonly TelemetryRack[]): TelemetryMessage {
  return { msg_id: msgId, ts: at.toISOString(), racks: [...racks] };
}
