/** What the case rules' tests share: the catalogue as rules, a case point and a compressor, a controller fed as the writer feeds it. */
import type { PointStatus } from '@rcm/shared/device';
import { ALARM_CATALOGUE } from '../engine/catalogue.ts';
import {
  type AlarmRule,
  type ControllerState,
  type Decision,
  emptyState,
  evaluateSamples,
  type Sample,
} from '../engine/engine.ts';
import { evaluateCaseRules, observeCases } from './case-rules.ts';
import { type CaseRecord, type ControllerCases, emptyCases } from './case-state.ts';

const catalogue: AlarmRule[] = ALARM_CATALOGUE.map((t, i) => ({
  id: i + 1,
  code: t.code,
  name: t.name,
  source: t.source,
  match: t.match,
  comparator: t.comparator ?? 'gt',
  threshold: t.threshold ?? null,
  hysteresis: t.hysteresis ?? 0,
  delaySeconds: t.delaySeconds ?? 0,
  severity: t.severity,
  autoClear: t.autoClear ?? true,
  enabled: t.enabled ?? true,
}));

/** The catalogue with the case temperature rule's defrost recovery and probe set as given. */
export function rulesWith(opts: { recovery?: number; probe?: number | null }): AlarmRule[] {
  return catalogue.map((r) =>
    r.code === 'CASE_HIGH_TEMP'
      ? { ...r, defrostRecoveryMinutes: opts.recovery ?? 45, productProbeMinutes: opts.probe ?? null }
      : r,
  );
}

const t0 = Date.parse('2026-11-22T10:00:00Z');
export const min = (m: number) => t0 + m * 60_000;

export const casePoint = (value: number | null, status: PointStatus = 'ok'): Sample => ({
  subject: 'A.CASE1',
  rackRef: 'A',
  kind: 'point',
  name: 'Case 1 Temperature',
  value,
  unit: '°F',
  status,
});
export const compressor = (running: boolean): Sample => ({
  subject: 'A.COMP1',
  rackRef: 'A',
  kind: 'point',
  name: 'Compressor 1',
  value: running ? 1 : 0,
  status: running ? 'ok' : 'off',
});

/** A controller fed message by message, as the writer does: case points first, then the rules. */
export function controller(rules: readonly AlarmRule[]) {
  const state: ControllerState = emptyState();
  const cases: ControllerCases = emptyCases();
  const records: CaseRecord[] = [];
  const decisions: { at: number; d: Decision }[] = [];
  const products: { at: number; value: number }[] = [];
  return {
    state,
    cases,
    records,
    decisions,
    products,
    feed(at: number, samples: Sample[]) {
      const product = new Map<string, number>();
      observeCases(cases, rules, samples, at, records, product);
      const p = product.get('A.CASE1');
      if (p !== undefined) products.push({ at, value: p });
      const when = new Date(at);
      for (const d of evaluateSamples(rules, state, samples, when, { points: cases, out: records }))
        decisions.push({ at, d });
      for (const d of evaluateCaseRules(rules, state, cases, samples, when)) decisions.push({ at, d });
    },
    raises(code: string) {
      return decisions.filter((x) => x.d.kind === 'raise' && x.d.rule.code === code);
    },
    /** When alarms were cleared (a raise not yet stored carries its clear time). */
    clears(): number[] {
      return decisions.flatMap((x) => {
        if (x.d.kind === 'clear') return [x.at];
        if (x.d.kind === 'raise' && x.d.clearedAt) return [x.d.clearedAt.getTime()];
        return [];
      });
    },
  };
}

/** One reading a minute from `from` to `to` (exclusive), the air and status given per minute. */
export function run(
  c: ReturnType<typeof controller>,
  from: number,
  to: number,
  air: (m: number) => number,
  status: (m: number) => PointStatus = () => 'ok',
) {
  for (let m = from; m < to; m++) c.feed(min(m), [casePoint(air(m), status(m))]);
}
