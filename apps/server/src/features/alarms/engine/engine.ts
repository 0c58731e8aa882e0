import type { AlarmSeverity, DeviceAlarm } from '@rcm/shared/device';
import { CASE_GAP_MS } from '../cases/case-hours.ts';
import { followShadow } from '../cases/case-shadow.ts';
import { type CaseRecord, type ControllerCases, isHeld, judgedValue, type PointCase } from '../cases/case-state.ts';
import { deviceReasons, type Reasons } from './reasons.ts';
import {
  type AlarmRule,
  applies,
  assess,
  assessValue,
  reasonFor,
  rulesForSamples,
  type Sample,
} from './sample-match.ts';

export type { AlarmRule, Sample } from './sample-match.ts';

export type PendingRaise = {
  kind: 'raise';
  rule: AlarmRule;
  subject: string;
  rackRef: string | null;
  value: number | null;
  at: Date;
  reason: string;
  reasonEs: string;
  severity: AlarmSeverity;
  occurrences: number;
  clearedAt: Date | null;
};

/**
 * An uncleared alarm: stored (id) or raised earlier in the same batch (raise). `historical`: recorded
 * late (replay.ts); live readings clear it, and raise it as live (apply.ts promotes it) when its
 * condition holds live for the delay.
 */
export type OpenAlarm = { id: number | null; raise?: PendingRaise; historical?: true };

export type Decision =
  | PendingRaise
  | { kind: 'bump'; alarmId: number; at: Date }
  | { kind: 'clear'; alarmId: number; at: Date }
  | { kind: 'condition-set'; ruleId: number; subject: string; since: Date; value: number | null }
  | { kind: 'condition-delete'; ruleId: number; subject: string };

/** What the engine knows of one controller: its open alarms and holding conditions, by `ruleId|subject`. */
export type ControllerState = {
  open: Map<string, OpenAlarm>;
  conditions: Map<string, { since: Date }>;
};

export const stateKey = (ruleId: number, subject: string) => `${ruleId}|${subject}`;

export function emptyState(): ControllerState {
  return { open: new Map(), conditions: new Map() };
}

export const METRIC_UNITS: Record<string, string> = { superheat: 'K', liquid_level: '%', oil_pressure: 'psi' };

export function raise(
  rule: AlarmRule,
  input: {
    subject: string;
    rackRef: string | null;
    value: number | null;
    at: Date;
    reasons: Reasons;
    severity?: AlarmSeverity;
  },
): PendingRaise {
  return {
    kind: 'raise',
    rule,
    subject: input.subject,
    rackRef: input.rackRef,
    value: input.value,
    at: input.at,
    reason: input.reasons.reason,
    reasonEs: input.reasons.reasonEs,
    severity: input.severity ?? rule.severity,
    occurrences: 1,
    clearedAt: null,
  };
}

/** Clears an open alarm, whether stored or raised earlier in this batch. */
export function clearOpen(open: OpenAlarm, at: Date, out: Decision[]): void {
  if (open.id !== null) out.push({ kind: 'clear', alarmId: open.id, at });
  else if (open.raise) open.raise.clearedAt = at;
}

export function bumpOpen(open: OpenAlarm, at: Date, out: Decision[]): void {
  if (open.id !== null) out.push({ kind: 'bump', alarmId: open.id, at });
  else if (open.raise) open.raise.occurrences += 1;
}

/**
 * Threshold and status rules over one telemetry message: a condition must hold
 * for the rule's delay before an alarm is raised; it auto-clears past the threshold plus hysteresis;
 * a repeat under an uncleared alarm bumps its occurrence count. `state` is updated in place so the
 * next message of the same batch sees these decisions.
 */
export function evaluateSamples(
  rules: readonly AlarmRule[],
  state: ControllerState,
  samples: Sample[],
  at: Date,
  /** The controller's followed case points (case-state.ts): holds, product values and held-back alarms. */
  cases?: { points: ControllerCases; out: CaseRecord[] },
): Decision[] {
  const out: Decision[] = [];
  const candidates = rulesForSamples(rules);
  const followed = cases !== undefined && cases.points.points.size > 0;
  for (const sample of samples) {
    const pc = followed && sample.kind === 'point' ? cases.points.points.get(sample.subject) : undefined;
    for (const rule of candidates) {
      if (!applies(rule, sample)) continue;
      if (pc && pc.kind === 'case' && rule.source === 'point') {
        judgeCasePoint(rule, state, pc, sample, at, out, (cases as { out: CaseRecord[] }).out);
        continue;
      }
      judge(rule, state, sample, assess(rule, sample), at, out);
    }
  }
  return out;
}

/**
 * A point rule over a followed case point: not judged while the point defrosts nor for the rule's
 * recovery after, unless that is over early (case-state.ts `isHeld`; a condition pending then is
 * dropped, an open alarm stays), nor on a reading a little older than the point's newest; judged on the product
 * temperature when the rule has a probe; beside it the plain air rule counts what was held back.
 */
function judgeCasePoint(
  rule: AlarmRule,
  state: ControllerState,
  pc: PointCase,
  sample: Sample,
  at: Date,
  out: Decision[],
  caseOut: CaseRecord[],
): void {
  const ms = at.getTime();
  // A late reading (older than the newest the point took, by less than a gap) is not judged: the case
  // has moved on. A device clock set back further is judged as it comes.
  if (ms < pc.at && pc.at - ms <= CASE_GAP_MS) return;
  const key = stateKey(rule.id, sample.subject);
  if (isHeld(pc, rule, ms)) {
    if (state.conditions.has(key) && !state.open.has(key)) {
      state.conditions.delete(key);
      out.push({ kind: 'condition-delete', ruleId: rule.id, subject: sample.subject });
    }
  } else if (rule.productProbeMinutes) {
    const p = judgedValue(pc, rule, sample.value);
    const product = p === null ? null : Math.round(p * 10) / 10;
    // The product sample is made only when it is needed (a condition or a raise).
    judge(rule, state, sample, assessValue(rule, product, sample.unit), at, out, () => ({
      ...sample,
      value: product,
      product: true,
    }));
  } else judge(rule, state, sample, assess(rule, sample), at, out);
  followShadow(pc, rule, assess(rule, sample), state.open.has(key), ms, caseOut);
}

/** One rule's decision over one sample whose condition is `holds` (see `assess`). */
function judge(
  rule: AlarmRule,
  state: ControllerState,
  sample: Sample,
  holds: boolean | null,
  at: Date,
  out: Decision[],
  /** The sample a condition and a raise carry, when it is not `sample` (the product temperature). */
  judged?: () => Sample,
): void {
  if (holds === null) return;
  // Nothing held and nothing open on this controller: a released condition changes nothing.
  if (!holds && state.conditions.size === 0 && state.open.size === 0) return;
  const key = stateKey(rule.id, sample.subject);
  const open = state.open.get(key);
  const condition = state.conditions.get(key);

  if (!holds) {
    if (condition) {
      state.conditions.delete(key);
      out.push({ kind: 'condition-delete', ruleId: rule.id, subject: sample.subject });
    }
    if (open && rule.autoClear) {
      clearOpen(open, at, out);
      state.open.delete(key);
    }
    return;
  }

  const shown = holds && judged ? judged() : sample;
  if (open && !open.historical) {
    if (!condition) {
      // The condition had been released and came back while the alarm is uncleared.
      bumpOpen(open, at, out);
      state.conditions.set(key, { since: at });
      out.push({ kind: 'condition-set', ruleId: rule.id, subject: sample.subject, since: at, value: shown.value });
    }
    return;
  }

  const since = condition?.since ?? at;
  if (!condition) {
    state.conditions.set(key, { since });
    out.push({ kind: 'condition-set', ruleId: rule.id, subject: sample.subject, since, value: shown.value });
  }
  if (at.getTime() - since.getTime() >= rule.delaySeconds * 1000) {
    const decision = raise(rule, {
      subject: sample.subject,
      rackRef: sample.rackRef,
      value: shown.value,
      at,
      reasons: reasonFor(rule, shown),
    });
    out.push(decision);
    state.open.set(key, { id: null, raise: decision });
  }
}

/** The subject of a device-raised alarm: its code, and the rack and point it names. */
export function deviceSubject(msg: { code: string; rack?: string; addr?: string }): string {
  return `${msg.code}${msg.rack ? `@${msg.rack}` : ''}${msg.addr ? `/${msg.addr}` : ''}`;
}

/** A device's own alarm (rcm/v1/{mac}/alarms): raised → raise or bump; cleared → clear. */
export function evaluateDeviceAlarm(
  rules: readonly AlarmRule[],
  state: ControllerState,
  msg: DeviceAlarm,
  at: Date,
): Decision[] {
  const rule =
    rules.find((r) => r.source === 'device' && r.enabled && r.match === msg.code) ??
    rules.find((r) => r.source === 'device' && r.enabled && r.match === '*');
  if (!rule) return [];
  const subject = deviceSubject(msg);
  const key = stateKey(rule.id, subject);
  const open = state.open.get(key);
  const out: Decision[] = [];
  if (msg.state === 'cleared') {
    if (open) {
      clearOpen(open, at, out);
      state.open.delete(key);
    }
    return out;
  }
  if (open && !open.historical) {
    bumpOpen(open, at, out);
    return out;
  }
  const decision = raise(rule, {
    subject,
    rackRef: msg.rack ?? null,
    value: null,
    at,
    reasons: deviceReasons(rule, msg.code, msg.reason),
    severity: msg.severity,
  });
  state.open.set(key, { id: null, raise: decision });
  out.push(decision);
  return out;
}
