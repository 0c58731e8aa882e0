/**
 * How a threshold or status rule meets one telemetry sample: which rules telemetry can match, whether
 * a rule applies to a sample, whether its condition holds, and the reason an alarm raised by it gives.
 * Pure, like the engine (engine.ts) that calls it.
 */
import type { AlarmSeverity, PointStatus } from '@rcm/shared/device';
import { type Label, metricLabel, pointLabel, type Reasons, statusReasons, thresholdReasons } from './reasons.ts';

export type AlarmRule = {
  id: number;
  code: string;
  name: string;
  /** The alarm type's Spanish name (reasons are written in both languages). */
  nameEs?: string;
  source: 'metric' | 'point' | 'status' | 'device' | 'offline' | 'trend' | 'defrost' | 'cycling';
  match: string;
  comparator: 'lt' | 'gt' | 'eq';
  threshold: number | null;
  hysteresis: number;
  delaySeconds: number;
  severity: AlarmSeverity;
  autoClear: boolean;
  enabled: boolean;
  /** A point rule is not judged while its point defrosts nor this long after (case-rules.ts); default 45. */
  defrostRecoveryMinutes?: number;
  /** When set, a point rule judges a first-order lag of the value with this time constant (product probe). */
  productProbeMinutes?: number | null;
};

/** One value of a telemetry message: a rack metric (`A:superheat`) or a point (`A.CASE1`). */
export type Sample = {
  subject: string;
  rackRef: string;
  kind: 'metric' | 'point';
  /** A point's name, when the device gave one (reasons name it). */
  name?: string;
  value: number | null;
  unit?: string;
  status?: PointStatus;
  /** The value is the simulated product temperature, not the air (reasons say so). */
  product?: boolean;
};

/** Compiled point-name patterns: a pattern is tested against every point of every message. */
const globs = new Map<string, RegExp>();

export function globMatches(pattern: string, value: string): boolean {
  let re = globs.get(pattern);
  if (!re) {
    re = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`, 'i');
    if (globs.size > 1000) globs.clear();
    globs.set(pattern, re);
  }
  return re.test(value);
}

/** Point temperatures reported in °C are compared in °F, the catalogue's unit. */
export function comparableValue(value: number | null, unit: string | undefined): number | null {
  if (value === null) return null;
  const u = unit?.toLowerCase();
  if (u === '°c' || u === 'c' || u === 'degc') return value * 1.8 + 32;
  return value;
}

/** The rules of sources telemetry can match, per rules list (the rules cache keeps one list until the catalogue changes; `applies` checks `enabled`). */
const telemetryRules = new WeakMap<readonly AlarmRule[], AlarmRule[]>();

export function rulesForSamples(rules: readonly AlarmRule[]): AlarmRule[] {
  let out = telemetryRules.get(rules);
  if (!out) {
    out = rules.filter((r) => r.source === 'metric' || r.source === 'point' || r.source === 'status');
    telemetryRules.set(rules, out);
  }
  return out;
}

export function applies(rule: AlarmRule, sample: Sample): boolean {
  if (!rule.enabled) return false;
  switch (rule.source) {
    case 'metric': {
      // `{rack}:{metric}` ends with `:{match}` (compared in place: this runs for every rule and value).
      const { subject } = sample;
      const at = subject.length - rule.match.length - 1;
      return sample.kind === 'metric' && at >= 0 && subject.charCodeAt(at) === 58 && subject.endsWith(rule.match);
    }
    case 'point': {
      const suffix = sample.subject.slice(sample.subject.lastIndexOf('.') + 1);
      return sample.kind === 'point' && globMatches(rule.match, suffix);
    }
    case 'status':
      return sample.kind === 'point';
    default:
      return false;
  }
}

/** true: the condition holds; false: it is released (past the hysteresis); null: in between. */
export function assess(rule: AlarmRule, sample: Sample): boolean | null {
  if (rule.source === 'status') return sample.status === rule.match;
  return assessValue(rule, sample.value, sample.unit);
}

/** A threshold rule over a value in a unit (`assess` without a sample: the product temperature). */
export function assessValue(rule: AlarmRule, raw: number | null, unit: string | undefined): boolean | null {
  const value = comparableValue(raw, unit);
  if (value === null || rule.threshold === null) return null;
  if (rule.comparator === 'lt') {
    if (value < rule.threshold) return true;
    return value >= rule.threshold + rule.hysteresis ? false : null;
  }
  if (value > rule.threshold) return true;
  return value <= rule.threshold - rule.hysteresis ? false : null;
}

/** How a reason names a value: `Rack A superheat` for a metric, the point's name (or address) for a point. */
function labelOf(sample: Sample): Label {
  if (sample.kind === 'metric')
    return metricLabel(sample.rackRef, sample.subject.slice(sample.subject.indexOf(':') + 1));
  const name = sample.name ?? sample.subject;
  if (sample.product) return { en: `${name} (product)`, es: `${name} (producto)` };
  return pointLabel(name);
}

export function reasonFor(rule: AlarmRule, sample: Sample): Reasons {
  if (rule.source === 'status') return statusReasons(rule, labelOf(sample), sample.subject, sample.status);
  return thresholdReasons(rule, labelOf(sample), sample.value, sample.unit ?? '');
}
