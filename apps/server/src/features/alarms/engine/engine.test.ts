import { describe, expect, it } from 'vitest';
import { ALARM_CATALOGUE } from './catalogue.ts';
import {
  type AlarmRule,
  type Decision,
  emptyState,
  evaluateDeviceAlarm,
  evaluateSamples,
  type Sample,
  stateKey,
} from './engine.ts';

const rules: AlarmRule[] = ALARM_CATALOGUE.map((t, i) => ({
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
const rule = (code: string) => rules.find((r) => r.code === code) as AlarmRule;

const t0 = new Date('2026-11-22T10:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

const metric = (name: string, value: number): Sample => ({
  subject: `A:${name}`,
  rackRef: 'A',
  kind: 'metric',
  value,
  unit: 'K',
});
const point = (addr: string, value: number | null, status: Sample['status'] = 'ok', unit = '°F'): Sample => ({
  subject: addr,
  rackRef: 'A',
  kind: 'point',
  value,
  unit,
  status,
});

const kinds = (ds: Decision[]) => ds.map((d) => d.kind);
const raises = (ds: Decision[]) => ds.filter((d) => d.kind === 'raise');

describe('threshold rules', () => {
  it('raises low superheat only after the condition has held for its 2-minute delay', () => {
    const state = emptyState();
    expect(kinds(evaluateSamples(rules, state, [metric('superheat', 3)], at(0)))).toEqual(['condition-set']);
    expect(evaluateSamples(rules, state, [metric('superheat', 3.2)], at(60))).toEqual([]);
    const ds = evaluateSamples(rules, state, [metric('superheat', 2.9)], at(120));
    expect(raises(ds)).toHaveLength(1);
    expect(raises(ds)[0]).toMatchObject({ subject: 'A:superheat', severity: 'high', value: 2.9 });
    expect(raises(ds)[0]?.rule.code).toBe('LOW_SUPERHEAT');
  });

  it('forgets a condition that goes away before the delay', () => {
    const state = emptyState();
    evaluateSamples(rules, state, [metric('superheat', 3)], at(0));
    expect(kinds(evaluateSamples(rules, state, [metric('superheat', 7)], at(60)))).toEqual(['condition-delete']);
    expect(raises(evaluateSamples(rules, state, [metric('superheat', 3)], at(130)))).toHaveLength(0);
  });

  it('auto-clears only past the threshold plus hysteresis', () => {
    const state = emptyState();
    state.open.set(stateKey(rule('LOW_OIL_PRESSURE').id, 'A:oil_pressure'), { id: 77 });
    state.conditions.set(stateKey(rule('LOW_OIL_PRESSURE').id, 'A:oil_pressure'), { since: at(-100) });
    // 12 psi threshold, 3 psi hysteresis: 13.5 is in the band, 15 releases.
    expect(evaluateSamples(rules, state, [metric('oil_pressure', 13.5)], at(0))).toEqual([]);
    const ds = evaluateSamples(rules, state, [metric('oil_pressure', 15)], at(10));
    expect(ds).toContainEqual({ kind: 'clear', alarmId: 77, at: at(10) });
    expect(state.open.size).toBe(0);
  });

  it('bumps the occurrence count when a released condition returns under an uncleared alarm', () => {
    const state = emptyState();
    const noAuto = rules.map((r) => (r.code === 'LOW_OIL_PRESSURE' ? { ...r, autoClear: false } : r));
    const key = stateKey(rule('LOW_OIL_PRESSURE').id, 'A:oil_pressure');
    state.open.set(key, { id: 5 });
    expect(kinds(evaluateSamples(noAuto, state, [metric('oil_pressure', 20)], at(0)))).toEqual([]);
    state.conditions.delete(key);
    const ds = evaluateSamples(noAuto, state, [metric('oil_pressure', 4)], at(10));
    expect(ds).toContainEqual({ kind: 'bump', alarmId: 5, at: at(10) });
    expect(raises(ds)).toHaveLength(0);
    // Still holding: no further bump.
    expect(evaluateSamples(noAuto, state, [metric('oil_pressure', 4)], at(20))).toEqual([]);
  });

  it('matches case temperatures by pattern and converts °C to °F', () => {
    const state = emptyState();
    const highC = point('A.CASE2', 6, 'ok', '°C'); // 42.8 °F
    const okF = point('A.CASE1', 38);
    evaluateSamples(rules, state, [highC, okF], at(0));
    const ds = evaluateSamples(rules, state, [highC, okF], at(300));
    expect(raises(ds).map((r) => [r.rule.code, r.subject])).toEqual([['CASE_HIGH_TEMP', 'A.CASE2']]);
  });

  it('raises rack manually on at once from a point status, and clears when it is back to ok', () => {
    const state = emptyState();
    const ds = evaluateSamples(rules, state, [point('A.COMP1', 1, 'manual_on', '')], at(0));
    expect(raises(ds).map((r) => r.rule.code)).toEqual(['RACK_MANUALLY_ON']);
    const after = evaluateSamples(rules, state, [point('A.COMP1', 1, 'ok', '')], at(10));
    // Raised and cleared in the same batch: the pending raise carries its clearing.
    expect(raises(ds)[0]?.clearedAt).toEqual(at(10));
    expect(kinds(after)).toEqual(['condition-delete']);
  });

  it('ignores disabled rules and missing values', () => {
    const state = emptyState();
    const disabled = rules.map((r) => ({ ...r, enabled: false }));
    expect(evaluateSamples(disabled, state, [metric('superheat', 1)], at(0))).toEqual([]);
    expect(evaluateSamples(rules, state, [point('A.CASE1', null)], at(0))).toEqual([]);
  });
});

describe('device alarms', () => {
  it('raises a known code, bumps a repeat, clears on the device’s word', () => {
    const state = emptyState();
    const msg = { code: 'COMP_PROOF', rack: 'A', state: 'raised' as const, reason: 'Compressor 2 did not prove' };
    const first = evaluateDeviceAlarm(rules, state, msg, at(0));
    expect(raises(first)[0]).toMatchObject({ subject: 'COMP_PROOF@A', severity: 'critical' });
    expect(raises(first)[0]?.reason).toContain('Compressor 2 did not prove');
    const again = evaluateDeviceAlarm(rules, state, msg, at(5));
    expect(kinds(again)).toEqual([]);
    expect(raises(first)[0]?.occurrences).toBe(2);
    evaluateDeviceAlarm(rules, state, { ...msg, state: 'cleared' }, at(9));
    expect(raises(first)[0]?.clearedAt).toEqual(at(9));
  });

  it('files unknown codes under the generic controller alarm with the device’s severity', () => {
    const ds = evaluateDeviceAlarm(rules, emptyState(), { code: 'DOOR_OPEN', severity: 'low', state: 'raised' }, at(0));
    expect(raises(ds)[0]).toMatchObject({ severity: 'low', subject: 'DOOR_OPEN' });
    expect(raises(ds)[0]?.rule.code).toBe('DEVICE_ALARM');
  });
});
