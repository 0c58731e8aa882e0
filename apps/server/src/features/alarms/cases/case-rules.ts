/**
 * The case rules over one telemetry message, pure like the engine: the followed points take their
 * readings (case-state.ts), then DEFROST_OVERRUN (a defrost longer than the type's limit in minutes, its
 * threshold) and COMPRESSOR_SHORT_CYCLING (a compressor point starting more often in the last hour than
 * the type's threshold) are judged. The point rules' holds and product values are applied by
 * `evaluateSamples` (engine.ts) over the same followed points.
 */

import { type AlarmRule, type ControllerState, clearOpen, type Decision, raise, stateKey } from '../engine/engine.ts';
import { defrostOverrunReasons, pointLabel, shortCyclingReasons } from '../engine/reasons.ts';
import { globMatches, type Sample } from '../engine/sample-match.ts';
import { type CaseRecord, type ControllerCases, caseOf, observePoint, productOf, startsInHour } from './case-state.ts';

export const DEFROST_OVERRUN = 'DEFROST_OVERRUN';
export const SHORT_CYCLING = 'COMPRESSOR_SHORT_CYCLING';
const MINUTE = 60_000;

const caseRuleLists = new WeakMap<readonly AlarmRule[], { defrost: AlarmRule[]; cycling: AlarmRule[] }>();

/** The enabled defrost and cycling rules of a rules list (kept per list, like the telemetry rules). */
function caseRules(rules: readonly AlarmRule[]) {
  let lists = caseRuleLists.get(rules);
  if (!lists) {
    lists = {
      defrost: rules.filter((r) => r.source === 'defrost' && r.enabled && r.threshold !== null),
      cycling: rules.filter((r) => r.source === 'cycling' && r.enabled && r.threshold !== null),
    };
    caseRuleLists.set(rules, lists);
  }
  return lists;
}

const suffixOf = (addr: string) => addr.slice(addr.lastIndexOf('.') + 1);

/**
 * Every point sample of a message goes to its followed point, if any: status changes, the product lag,
 * the hour's time. `products` receives the product temperature of each point that has one (stored with
 * the reading). Returns the points that took this reading (an older or repeated one is not taken).
 */
export function observeCases(
  cases: ControllerCases,
  rules: readonly AlarmRule[],
  samples: readonly Sample[],
  at: number,
  out: CaseRecord[],
  products?: Map<string, number>,
): void {
  for (const sample of samples) {
    if (sample.kind !== 'point') continue;
    const pc = caseOf(cases, rules, sample);
    if (!pc || !observePoint(pc, sample, at, out)) continue;
    if (products) {
      const product = productOf(pc);
      if (product !== null) products.set(sample.subject, Math.round(product * 100) / 100);
    }
  }
}

/** DEFROST_OVERRUN and COMPRESSOR_SHORT_CYCLING over the message's followed points, at the message's time. */
export function evaluateCaseRules(
  rules: readonly AlarmRule[],
  state: ControllerState,
  cases: ControllerCases,
  samples: readonly Sample[],
  at: Date,
): Decision[] {
  const { defrost, cycling } = caseRules(rules);
  if (defrost.length === 0 && cycling.length === 0) return [];
  const out: Decision[] = [];
  const ms = at.getTime();
  for (const sample of samples) {
    if (sample.kind !== 'point') continue;
    const pc = cases.points.get(sample.subject);
    if (!pc || pc.at !== ms) continue;
    const rulesHere = pc.kind === 'case' ? defrost : cycling;
    if (rulesHere.length === 0) continue;
    const suffix = suffixOf(sample.subject);
    for (const rule of rulesHere) {
      if (!globMatches(rule.match, suffix)) continue;
      const limit = rule.threshold as number;
      const key = stateKey(rule.id, sample.subject);
      const open = state.open.get(key);
      const value =
        pc.kind === 'case'
          ? pc.defrostSince === null
            ? 0
            : Math.floor((ms - pc.defrostSince) / MINUTE)
          : startsInHour(pc, ms);
      const holds =
        pc.kind === 'case' ? pc.defrostSince !== null && ms - pc.defrostSince > limit * MINUTE : value > limit;
      if (holds && !open) {
        const label = pointLabel(sample.name ?? sample.subject);
        const reasons =
          pc.kind === 'case'
            ? defrostOverrunReasons(rule, label, sample.subject, value, limit)
            : shortCyclingReasons(rule, label, sample.subject, value, limit);
        const decision = raise(rule, { subject: sample.subject, rackRef: sample.rackRef, value, at, reasons });
        out.push(decision);
        state.open.set(key, { id: null, raise: decision });
      } else if (!holds && open && rule.autoClear && releases(pc.kind, rule, value, pc.defrostSince)) {
        clearOpen(open, at, out);
        state.open.delete(key);
      }
    }
  }
  return out;
}

/** An overrun ends with its defrost; short cycling once the last hour's starts are back within the limit minus the hysteresis. */
function releases(kind: 'case' | 'compressor', rule: AlarmRule, value: number, defrostSince: number | null): boolean {
  if (kind === 'case') return defrostSince === null;
  return value <= (rule.threshold as number) - rule.hysteresis;
}
