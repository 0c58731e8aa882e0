import type { AlarmRule } from '../engine/sample-match.ts';
import { type CaseRecord, isHeld, type PointCase } from './case-state.ts';

/**
 * The plain air rule beside the real one: when it would have raised (its condition held for its delay)
 * while the real rule had nothing open, the alarm was held back; it is recorded when the air comes back
 * without the real rule having raised in between (then it was held back, not only delayed).
 */
export function followShadow(
  pc: PointCase,
  rule: AlarmRule,
  airHolds: boolean | null,
  realOpen: boolean,
  at: number,
  out: CaseRecord[],
): void {
  let sh = pc.shadows.get(rule.id);
  if (!sh) {
    if (airHolds !== true) return;
    sh = { since: null, raisedAt: null, cause: null, real: false };
    pc.shadows.set(rule.id, sh);
  }
  if (airHolds === false) {
    if (sh.raisedAt !== null && !sh.real && sh.cause)
      out.push({
        kind: 'held',
        cause: sh.cause,
        ruleId: rule.id,
        addr: pc.addr,
        rackRef: pc.rackRef,
        since: sh.raisedAt,
        until: at,
      });
    pc.shadows.delete(rule.id);
    return;
  }
  if (realOpen) sh.real = true;
  if (airHolds !== true) return;
  if (sh.since === null) sh.since = at;
  if (sh.raisedAt === null && at - sh.since >= rule.delaySeconds * 1000) {
    sh.raisedAt = at;
    sh.cause = isHeld(pc, rule, at) ? 'defrost' : 'product';
  }
}
