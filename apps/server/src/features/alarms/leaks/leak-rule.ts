import {
  type AlarmRule,
  type ControllerState,
  clearOpen,
  type Decision,
  raise,
  type Sample,
  stateKey,
} from '../engine/engine.ts';
import { leakTrendReasons } from '../engine/reasons.ts';
import { emptyTrend, judgeTrend, type LevelTrend, observeLevel, readTrend } from './leak-trend.ts';

export const LEAK_ALARM_CODE = 'REFRIGERANT_LEAK_SUSPECTED';
const LEVEL_METRIC = 'liquid_level';

/** One controller's level trends, by rack ref. */
export type ControllerTrends = Map<string, LevelTrend>;

/** The alarm subject of a rack's level trend. */
export const levelSubject = (rackRef: string) => `${rackRef}:${LEVEL_METRIC}`;

/** The trend rule of the catalogue, when it is enabled. */
export function leakRule(rules: readonly AlarmRule[]): AlarmRule | undefined {
  return rules.find((r) => r.source === 'trend' && r.enabled && r.match === LEVEL_METRIC);
}

/** The rule's rate in %-points per day: its threshold, or the default without one. */
export const leakRate = (rule: AlarmRule) =>
  rule.threshold !== null && rule.threshold > 0 ? rule.threshold : undefined;

/**
 * The leak-trend rule over one message's samples at the message's own time: each liquid level goes
 * into its rack's trend, and when an hour closes the trend is judged. The alarm being open is what
 * "suspected" means, so a restart or another instance's raise is respected.
 */
export function evaluateLeakTrend(
  rule: AlarmRule,
  state: ControllerState,
  trends: ControllerTrends,
  samples: readonly Sample[],
  at: Date,
): Decision[] {
  const out: Decision[] = [];
  for (const sample of samples) {
    if (sample.kind !== 'metric' || sample.value === null || !sample.subject.endsWith(`:${LEVEL_METRIC}`)) continue;
    let trend = trends.get(sample.rackRef);
    if (!trend) {
      trend = emptyTrend();
      trends.set(sample.rackRef, trend);
    }
    if (!observeLevel(trend, at.getTime(), sample.value)) continue;
    const reading = readTrend(trend);
    const key = stateKey(rule.id, sample.subject);
    const open = state.open.get(key);
    const verdict = judgeTrend(trend, open !== undefined, reading, leakRate(rule));
    if (verdict === 'raise' && reading) {
      const decision = raise(rule, {
        subject: sample.subject,
        rackRef: sample.rackRef,
        value: Math.round(reading.perDay * 100) / 100,
        at,
        reasons: leakTrendReasons(rule, sample.rackRef, reading.perDay),
      });
      out.push(decision);
      state.open.set(key, { id: null, raise: decision });
    } else if (verdict === 'clear' && open) {
      clearOpen(open, at, out);
      state.open.delete(key);
    }
  }
  return out;
}
