/**
 * What the engine follows of a refrigerated case's points between messages, as plain data: defrosts and
 * door openings (from the point's status), the simulated product temperature (a first-order lag of the
 * air), compressor starts, and the state the case performance report's hours are accumulated from (`case-hours.ts`). Pure: the
 * caller passes each reading's own time; nothing here reads a clock or a database.
 */
import type { PointStatus } from '@rcm/shared/device';
import {
  type AlarmRule,
  applies,
  assessValue,
  comparableValue,
  globMatches,
  type Sample,
} from '../engine/sample-match.ts';
import { accumulate, CASE_GAP_MS, type CaseHour, type HourRecord, newHour } from './case-hours.ts';

export const DEFAULT_DEFROST_RECOVERY_MINUTES = 45;
const MINUTE = 60_000;
const HOUR = 3_600_000;
/** At most this many compressor starts are remembered (an hour's worth far beyond any sane limit). */
export const MAX_STARTS = 500;
/**
 * The pull-down after a defrost: within this long after the defrost ended the air must have come down at
 * least `PULLDOWN_MARGIN_F` below its highest since the defrost's last reading (and stay there), else the
 * case is not recovering (a compressor, valve or fan that failed) and the recovery hold ends.
 */
export const PULLDOWN_WINDOW_MS = 10 * MINUTE;
/** In °F, as rules compare (1.1 K). */
export const PULLDOWN_MARGIN_F = 2;

export type HeldCause = 'defrost' | 'product';

/** The plain air rule, judged without holds, to count the alarms the holds kept back. */
export type Shadow = { since: number | null; raisedAt: number | null; cause: HeldCause | null; real: boolean };

/**
 * The recovery after the last defrost: the highest air since the end (°F, as rules compare), whether the
 * pull-down failed (the hold ends for every rule), and the rules on the air whose air came back within
 * their limit (the hold ends for them).
 */
export type CaseRecovery = { peak: number | null; stalled: boolean; recovered: Set<number> };

export type PointCase = {
  addr: string;
  rackRef: string;
  /** `case`: a temperature point; `compressor`: a point a cycling rule watches. */
  kind: 'case' | 'compressor';
  /** Time of the newest reading taken (ms); older or equal readings change nothing. */
  at: number;
  defrostSince: number | null;
  /** When the last defrost ended (its recovery runs from here). */
  defrostEnded: number | null;
  /** How the recovery from the last defrost goes (null before the first defrost seen). */
  recovery: CaseRecovery | null;
  doorSince: number | null;
  /** Product temperature per time constant (ms), in the point's unit. */
  lags: Map<number, number>;
  running: boolean | null;
  starts: number[];
  shadows: Map<number, Shadow>;
  hour: CaseHour | null;
  /** The newest reading's air in °F as rules compare (null: it had no value). */
  lastAir: number | null;
  /** The newest reading's state, which holds until the next reading (time is attributed to it). */
  lastHeld: boolean;
  lastInRange: boolean | null;
  /** The point rules with a threshold that apply to this point (what "in range" means). */
  limits: AlarmRule[];
};

/** One controller's followed points by address (null: looked at, not a case nor a compressor). */
export type ControllerCases = { rules: readonly AlarmRule[] | null; points: Map<string, PointCase | null> };
export type CaseStore = Map<number, ControllerCases>;

export type CaseRecord =
  | { kind: 'event-start'; type: 'defrost' | 'door_open'; addr: string; rackRef: string; at: number }
  | { kind: 'event-end'; type: 'defrost' | 'door_open'; addr: string; at: number }
  | { kind: 'held'; cause: HeldCause; ruleId: number; addr: string; rackRef: string; since: number; until: number }
  | HourRecord;

export const emptyCases = (): ControllerCases => ({ rules: null, points: new Map() });

const TEMPERATURE_UNITS = new Set(['°f', '°c', 'f', 'c', 'degf', 'degc']);

export const recoveryMs = (rule: AlarmRule) =>
  (rule.defrostRecoveryMinutes ?? DEFAULT_DEFROST_RECOVERY_MINUTES) * MINUTE;
export const probeMs = (rule: AlarmRule) => (rule.productProbeMinutes ? rule.productProbeMinutes * MINUTE : null);

/** Exact discretisation of a first-order lag over `dtMs` toward `air` (any step size, so gaps too). */
export function stepLag(product: number, air: number, dtMs: number, tauMs: number): number {
  return product + (air - product) * (1 - Math.exp(-dtMs / tauMs));
}

/** A compressor point runs while it reports a value other than 0 and a status other than off or fault. */
export function compressorRunning(status: PointStatus | undefined, value: number | null): boolean | null {
  if (status === 'fault') return null;
  if (status === 'off') return false;
  return value === null ? true : value !== 0;
}

function newCase(sample: Sample, kind: PointCase['kind'], limits: AlarmRule[]): PointCase {
  return {
    addr: sample.subject,
    rackRef: sample.rackRef,
    kind,
    at: Number.NEGATIVE_INFINITY,
    defrostSince: null,
    defrostEnded: null,
    recovery: null,
    doorSince: null,
    lags: new Map(),
    running: null,
    starts: [],
    shadows: new Map(),
    hour: null,
    lastAir: null,
    lastHeld: false,
    lastInRange: null,
    limits,
  };
}

/** Which points are followed: temperature points a threshold rule judges or that defrost, and compressors. */
function classify(rules: readonly AlarmRule[], sample: Sample): PointCase | null {
  if (sample.kind !== 'point') return null;
  const limits = rules.filter((r) => r.source === 'point' && r.threshold !== null && applies(r, sample));
  const unit = sample.unit?.toLowerCase();
  const defrosts = sample.status === 'defrost' || sample.status === 'door_open';
  if ((unit !== undefined && TEMPERATURE_UNITS.has(unit) && limits.length > 0) || defrosts)
    return newCase(sample, 'case', limits);
  const suffix = sample.subject.slice(sample.subject.lastIndexOf('.') + 1);
  if (rules.some((r) => r.source === 'cycling' && r.enabled && globMatches(r.match, suffix)))
    return newCase(sample, 'compressor', []);
  return null;
}

/** The point's case, created the first time it is seen (and again after the catalogue changed). */
export function caseOf(cases: ControllerCases, rules: readonly AlarmRule[], sample: Sample): PointCase | null {
  if (cases.rules !== rules) {
    // A catalogue change may change what is followed; what is followed keeps its state.
    for (const [addr, pc] of cases.points) if (pc === null) cases.points.delete(addr);
    for (const pc of cases.points.values())
      if (pc)
        pc.limits = rules.filter(
          (r) => r.source === 'point' && r.threshold !== null && r.enabled && matchesAddr(r, pc),
        );
    cases.rules = rules;
  }
  let pc = cases.points.get(sample.subject);
  if (pc === undefined) {
    pc = classify(rules, sample);
    cases.points.set(sample.subject, pc);
  } else if (pc === null && (sample.status === 'defrost' || sample.status === 'door_open')) {
    pc = classify(rules, sample);
    cases.points.set(sample.subject, pc);
  }
  return pc;
}

function matchesAddr(rule: AlarmRule, pc: PointCase): boolean {
  return globMatches(rule.match, pc.addr.slice(pc.addr.lastIndexOf('.') + 1));
}

/**
 * Whether a point rule is held at `at`: the point defrosts, or its defrost ended less than the recovery
 * ago, unless the recovery is over early: a rule on the air is back within its limit, or the pull-down
 * failed (`followRecovery`).
 */
export function isHeld(pc: PointCase, rule: AlarmRule, at: number): boolean {
  if (pc.defrostSince !== null) return true;
  if (pc.defrostEnded === null || at - pc.defrostEnded >= recoveryMs(rule)) return false;
  const r = pc.recovery;
  return !(r && (r.stalled || r.recovered.has(rule.id)));
}

/**
 * One reading of the recovery after a defrost (from the first reading after it, taken in time order).
 * A rule on the air whose air is back past its clear level has recovered. A rule with a product probe
 * does not end its hold so (its product, still warm from the defrost, would raise on the next door
 * opening; the probe is its guard). The air that has not come down `PULLDOWN_MARGIN_F` below its highest
 * since the defrost's last reading once `PULLDOWN_WINDOW_MS` have passed, or climbs back to within that
 * margin of it, is a failed pull-down, which ends every rule's hold (readings while the door is open do
 * not count: a door warms the air too). Both last until the next defrost.
 */
function followRecovery(pc: PointCase, sample: Sample, at: number): void {
  const r = pc.recovery;
  if (!r || pc.defrostSince !== null || pc.defrostEnded === null) return;
  const air = comparableValue(sample.value, sample.unit);
  if (air === null) return;
  // An open door warms the air as a failed pull-down would: its readings are not judged for it.
  if (!r.stalled && pc.doorSince === null) {
    r.peak = r.peak === null ? air : Math.max(r.peak, air);
    if (at - pc.defrostEnded >= PULLDOWN_WINDOW_MS && air > r.peak - PULLDOWN_MARGIN_F) r.stalled = true;
  }
  for (const rule of pc.limits)
    if (probeMs(rule) === null && !r.recovered.has(rule.id) && assessValue(rule, sample.value, sample.unit) === false)
      r.recovered.add(rule.id);
}

/** The value a point rule judges: the product temperature when the rule has a probe, else the air. */
export function judgedValue(pc: PointCase, rule: AlarmRule, air: number | null): number | null {
  const tau = probeMs(rule);
  if (tau === null) return air;
  return pc.lags.get(tau) ?? air;
}

/** Whether the reading is within every limit that applies (judged as each rule judges), null without a value. */
function inRange(pc: PointCase, sample: Sample): boolean | null {
  if (sample.value === null) return null;
  for (const rule of pc.limits) {
    if (!rule.enabled || rule.threshold === null) continue;
    const v = comparableValue(judgedValue(pc, rule, sample.value), sample.unit);
    if (v === null) return null;
    if (rule.comparator === 'lt' ? v < rule.threshold : v > rule.threshold) return false;
  }
  return true;
}

/** The hold of the point's limits at this reading (any of its rules held), for the hours. */
function heldNow(pc: PointCase, at: number): boolean {
  if (pc.limits.length === 0) return pc.defrostSince !== null;
  return pc.limits.some((r) => isHeld(pc, r, at));
}

/**
 * Takes one reading of a followed point: status changes (defrost, door, compressor start), the product
 * lag, and the time since the previous reading. A reading not newer than the last one taken (out of
 * order, or repeated) changes nothing and answers false.
 */
export function observePoint(pc: PointCase, sample: Sample, at: number, out: CaseRecord[]): boolean {
  if (!(at > pc.at)) return false;
  const first = pc.at === Number.NEGATIVE_INFINITY;
  if (pc.kind === 'case' && !first) accumulate(pc, at, out);
  else if (pc.kind === 'case') pc.hour = newHour(Math.floor(at / HOUR) * HOUR);
  const dt = first ? 0 : at - pc.at;
  pc.at = at;

  const status = sample.status;
  if (status === 'defrost' && pc.defrostSince === null) {
    pc.defrostSince = at;
    pc.recovery = null;
    out.push({ kind: 'event-start', type: 'defrost', addr: pc.addr, rackRef: pc.rackRef, at });
  } else if (status !== 'defrost' && status !== 'fault' && pc.defrostSince !== null) {
    pc.defrostSince = null;
    pc.defrostEnded = at;
    // The pull-down is measured from the defrost's last reading (the warmest, as a rule) when it is recent.
    pc.recovery = { peak: !first && dt <= CASE_GAP_MS ? pc.lastAir : null, stalled: false, recovered: new Set() };
    out.push({ kind: 'event-end', type: 'defrost', addr: pc.addr, at });
  }
  if (status === 'door_open' && pc.doorSince === null) {
    pc.doorSince = at;
    out.push({ kind: 'event-start', type: 'door_open', addr: pc.addr, rackRef: pc.rackRef, at });
  } else if (status !== 'door_open' && status !== 'fault' && pc.doorSince !== null) {
    pc.doorSince = null;
    out.push({ kind: 'event-end', type: 'door_open', addr: pc.addr, at });
  }

  if (pc.kind === 'compressor') {
    const running = compressorRunning(status, sample.value);
    if (running !== null) {
      if (running && pc.running === false) {
        pc.starts.push(at);
        if (pc.starts.length > MAX_STARTS) pc.starts.shift();
      }
      pc.running = running;
    }
    return true;
  }

  if (sample.value !== null) {
    for (const rule of pc.limits) {
      const tau = probeMs(rule);
      if (tau === null) continue;
      const p = pc.lags.get(tau);
      pc.lags.set(tau, p === undefined ? sample.value : stepLag(p, sample.value, dt, tau));
    }
  }
  followRecovery(pc, sample, at);
  pc.lastAir = comparableValue(sample.value, sample.unit);
  pc.lastHeld = heldNow(pc, at);
  pc.lastInRange = inRange(pc, sample);
  return true;
}

/** The stored product temperature of a point: the lag of its first rule with a probe. */
export function productOf(pc: PointCase): number | null {
  for (const rule of pc.limits) {
    const tau = probeMs(rule);
    if (tau !== null && rule.enabled) return pc.lags.get(tau) ?? null;
  }
  return null;
}

/** Starts within the hour before `at` (older ones are forgotten). */
export function startsInHour(pc: PointCase, at: number): number {
  while (pc.starts.length > 0 && (pc.starts[0] as number) <= at - HOUR) pc.starts.shift();
  return pc.starts.length;
}
