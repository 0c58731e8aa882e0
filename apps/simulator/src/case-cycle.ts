/**
 * What a refrigerated case does on its own through the day, as pure functions of the time: scheduled
 * defrosts (4 a day, 20–40 minutes each, the air rising ~12 °F, then a pull-down), shoppers and stockers opening
 * the door (1–10 minutes, the air rising toward 46 °F), and a compressor that short-cycles when told to.
 * Every case has its own schedule, derived from a seed, so the same seed and time give the same phase:
 * the live fleet asks with the wall clock, the nuisance bench with its simulated week.
 */
import { deriveSeed, mulberry32 } from './prng.ts';

export const CASE_CYCLE = {
  defrostsPerDay: 4,
  defrostMinMinutes: 20,
  defrostMaxMinutes: 40,
  /** The air during a defrost heads here (°F), fast: the heaters are on and the fans stopped. */
  defrostTargetF: 48,
  defrostTauS: 360,
  /** After a defrost the case pulls the air back down over this long. */
  pulldownMinutes: 20,
  pulldownTauS: 300,
  /** Each half hour a door may open (this share of half hours), for 1–10 minutes (a shopper, or shelves being stocked). */
  doorEveryMinutes: 30,
  doorShare: 0.35,
  doorTargetF: 46,
  doorTauS: 90,
  /** Short cycling: on this long, off this long (12 starts an hour). */
  shortCycleOnS: 120,
  shortCycleOffS: 180,
} as const;

const MINUTE = 60_000;
const SLOT_MS = (24 * 60 * MINUTE) / CASE_CYCLE.defrostsPerDay;

export type CasePhase =
  | { kind: 'normal' }
  | { kind: 'defrost'; sinceMs: number }
  | { kind: 'pulldown'; sinceMs: number }
  | { kind: 'door'; sinceMs: number };

/** A number in [0, 1) fixed by the case and an index (a slot, a half hour). */
function draw(caseSeed: number, index: number): number {
  return mulberry32(deriveSeed(caseSeed, index))();
}

/** The defrost of the slot holding `t`: its start and length (ms). A stuck defrost lasts `stuckMinutes`. */
export function defrostOf(caseSeed: number, t: number, stuckMinutes?: number): { start: number; lengthMs: number } {
  const offset = Math.floor(draw(caseSeed, -1) * SLOT_MS);
  const slot = Math.floor((t - offset) / SLOT_MS);
  const start = offset + slot * SLOT_MS;
  const minutes =
    stuckMinutes ??
    CASE_CYCLE.defrostMinMinutes + (CASE_CYCLE.defrostMaxMinutes - CASE_CYCLE.defrostMinMinutes) * draw(caseSeed, slot);
  return { start, lengthMs: Math.round(minutes) * MINUTE };
}

/** The phase of a case at `t` (ms since the epoch). */
export function casePhase(caseSeed: number, t: number, opts: { stuckMinutes?: number } = {}): CasePhase {
  const d = defrostOf(caseSeed, t, opts.stuckMinutes);
  if (t - d.start < d.lengthMs) return { kind: 'defrost', sinceMs: d.start };
  if (t - d.start < d.lengthMs + CASE_CYCLE.pulldownMinutes * MINUTE)
    return { kind: 'pulldown', sinceMs: d.start + d.lengthMs };
  const window = CASE_CYCLE.doorEveryMinutes * MINUTE;
  const half = Math.floor(t / window);
  if (draw(caseSeed, 1_000_000 + half) < CASE_CYCLE.doorShare) {
    const at = half * window + Math.floor(draw(caseSeed, 2_000_000 + half) * (window - 10 * MINUTE));
    const length = (1 + Math.floor(draw(caseSeed, 3_000_000 + half) * 10)) * MINUTE;
    if (t >= at && t < at + length) return { kind: 'door', sinceMs: at };
  }
  return { kind: 'normal' };
}

/** Where the air heads in a phase and how fast; null: the case's normal drift. */
export function phaseTarget(phase: CasePhase): { target: number; tauS: number } | null {
  switch (phase.kind) {
    case 'defrost':
      return { target: CASE_CYCLE.defrostTargetF, tauS: CASE_CYCLE.defrostTauS };
    case 'door':
      return { target: CASE_CYCLE.doorTargetF, tauS: CASE_CYCLE.doorTauS };
    case 'pulldown':
      return { target: 35, tauS: CASE_CYCLE.pulldownTauS };
    default:
      return null;
  }
}

/** The point status a controller reports in a phase. */
export function phaseStatus(phase: CasePhase): 'defrost' | 'door_open' | null {
  if (phase.kind === 'defrost') return 'defrost';
  if (phase.kind === 'door') return 'door_open';
  return null;
}

/** Whether a short-cycling compressor runs at `t`. */
export function shortCycleRunning(t: number): boolean {
  const period = (CASE_CYCLE.shortCycleOnS + CASE_CYCLE.shortCycleOffS) * 1000;
  return t % period < CASE_CYCLE.shortCycleOnS * 1000;
}

/** The seed of one case of one rack of a controller. */
export const caseSeed = (controllerSeed: number, rackIndex: number, caseIndex: number) =>
  deriveSeed(controllerSeed, rackIndex * 100 + caseIndex);
