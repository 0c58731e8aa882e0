/**
 * One simulated case controller (the kind a store gateway reads over Modbus): the case's air, its
 * evaporator and its product temperature, stepped through the day by the case cycle (defrosts, door
 * openings, pull-downs) and by injected faults. Temperatures are °F, as in the rest of the simulator;
 * what a controller's registers hold (°C, tenths, a state code) is the Modbus bus's business.
 */
import type { ControllerState } from '@rcm/shared/device-profile';
import { type CasePhase, casePhase, phaseTarget } from './case-cycle.ts';
import type { Random } from './prng.ts';
import {
  CASE_ALARM_F,
  driftNormal,
  driftToward,
  FAULT_DYNAMICS,
  SET_POINTS,
  SIGNALS,
  STUCK_DEFROST_MINUTES,
} from './rack-model.ts';

/** The faults a case controller shows; `offline` is the bus's: the unit stops answering. */
export const CASE_FAULTS = ['high_case_temp', 'stuck_defrost', 'sensor_failure', 'offline'] as const;
export type CaseFault = (typeof CASE_FAULTS)[number];

export function isCaseFault(value: string): value is CaseFault {
  return (CASE_FAULTS as readonly string[]).includes(value);
}

/**
 * The conditions a controller raises its own alarms for, by the alarm codes profiles use: a profile's
 * alarm register or bit is set while its condition holds, and a sum alarm (`controller_alarm`)
 * while any does. An alarm code not listed here stays clear.
 */
export const ALARM_LIMITS = {
  /** Air above this outside a defrost and its pull-down (the console's case limit). */
  highF: CASE_ALARM_F,
  lowF: 28,
  /** A defrost longer than this is a defrost that the controller ended on time, not on temperature. */
  defrostTimeoutMinutes: 45,
  doorTooLongMinutes: 5,
} as const;

export type CaseCondition = 'high_temperature' | 'low_temperature' | 'probe_fault' | 'defrost_timeout' | 'door_open';

/** Evaporator temperatures (°F) the coil heads for in each phase, and how fast. */
const EVAPORATOR = { coolingF: 22, pulldownF: 15, defrostF: 50, doorF: 26, tauS: 120 } as const;
/** Product in the case follows the air slowly (a few kilos of food). */
const PRODUCT_TAU_S = 1_800;

export type CaseReadings = {
  airF: number;
  evaporatorF: number;
  productF: number;
  setPointF: number;
  suctionPsig: number;
  dischargePsig: number;
  superheatF: number;
  liquidLevelPercent: number;
  oilPressurePsig: number;
  /** Whether the compressor's relay (the case's cooling) is on. */
  cooling: boolean;
  state: ControllerState;
  conditions: ReadonlySet<CaseCondition>;
};

export type CaseController = {
  readonly unit: number;
  readonly faults: ReadonlySet<CaseFault>;
  inject(fault: CaseFault): void;
  clear(fault?: CaseFault): void;
  /** Steps the physics to `nowMs` and says what the controller measures then. */
  readAt(nowMs: number): CaseReadings;
};

const MINUTE = 60_000;

export function createCaseController(opts: {
  unit: number;
  rand: Random;
  /** The seed of the case's defrost and door schedule (case-cycle.ts). */
  cycleSeed: number;
  startMs: number;
}): CaseController {
  const { rand, cycleSeed } = opts;
  const faults = new Set<CaseFault>();
  let at = opts.startMs;
  let air: number = SIGNALS.caseTemp.mean;
  let evaporator: number = EVAPORATOR.coolingF;
  let product: number = SIGNALS.caseTemp.mean;
  let suction: number = SIGNALS.suction.mean;
  let discharge: number = SIGNALS.discharge.mean;
  let superheat: number = SIGNALS.superheat.mean;
  let liquidLevel: number = SIGNALS.liquidLevel.mean;
  let oilPressure: number = SIGNALS.oilPressure.mean;

  const phaseAt = (t: number): CasePhase =>
    casePhase(cycleSeed, t, { stuckMinutes: faults.has('stuck_defrost') ? STUCK_DEFROST_MINUTES : undefined });

  const step = (nowMs: number) => {
    const dtS = (nowMs - at) / 1000;
    if (dtS <= 0) return;
    at = nowMs;
    const phase = phaseAt(nowMs);
    const target = phaseTarget(phase);
    if (faults.has('high_case_temp')) {
      const hot = FAULT_DYNAMICS.highCaseTemp;
      air = driftToward(air, hot.target, hot.tauS, SIGNALS.caseTemp, dtS, rand);
    } else if (target) air = driftToward(air, target.target, target.tauS, SIGNALS.caseTemp, dtS, rand);
    else air = driftNormal(air, SIGNALS.caseTemp, dtS, rand);
    const coil =
      phase.kind === 'defrost'
        ? EVAPORATOR.defrostF
        : phase.kind === 'pulldown'
          ? EVAPORATOR.pulldownF
          : phase.kind === 'door'
            ? EVAPORATOR.doorF
            : EVAPORATOR.coolingF;
    evaporator = coil + (evaporator - coil) * Math.exp(-dtS / EVAPORATOR.tauS);
    product = air + (product - air) * Math.exp(-dtS / PRODUCT_TAU_S);
    suction = driftNormal(suction, SIGNALS.suction, dtS, rand);
    discharge = driftNormal(discharge, SIGNALS.discharge, dtS, rand);
    superheat = driftNormal(superheat, SIGNALS.superheat, dtS, rand);
    liquidLevel = driftNormal(liquidLevel, SIGNALS.liquidLevel, dtS, rand);
    oilPressure = driftNormal(oilPressure, SIGNALS.oilPressure, dtS, rand);
  };

  return {
    unit: opts.unit,
    faults,
    inject: (fault) => void faults.add(fault),
    clear: (fault) => (fault ? void faults.delete(fault) : faults.clear()),
    readAt(nowMs) {
      step(nowMs);
      const phase = phaseAt(nowMs);
      const conditions = new Set<CaseCondition>();
      const cooling = phase.kind !== 'defrost';
      if (phase.kind === 'normal' && air > ALARM_LIMITS.highF) conditions.add('high_temperature');
      if (faults.has('high_case_temp') && air > ALARM_LIMITS.highF) conditions.add('high_temperature');
      if (air < ALARM_LIMITS.lowF) conditions.add('low_temperature');
      if (faults.has('sensor_failure')) conditions.add('probe_fault');
      if (phase.kind === 'defrost' && nowMs - phase.sinceMs > ALARM_LIMITS.defrostTimeoutMinutes * MINUTE)
        conditions.add('defrost_timeout');
      if (phase.kind === 'door' && nowMs - phase.sinceMs > ALARM_LIMITS.doorTooLongMinutes * MINUTE)
        conditions.add('door_open');
      const state: ControllerState = faults.has('sensor_failure')
        ? 'fault'
        : phase.kind === 'defrost'
          ? 'defrost'
          : phase.kind === 'door'
            ? 'door_open'
            : 'ok';
      return {
        airF: air,
        evaporatorF: evaporator,
        productF: product,
        setPointF: SET_POINTS.caseTemp,
        suctionPsig: suction,
        dischargePsig: discharge,
        superheatF: superheat,
        liquidLevelPercent: liquidLevel,
        oilPressurePsig: oilPressure,
        cooling,
        state,
        conditions,
      };
    },
  };
}
