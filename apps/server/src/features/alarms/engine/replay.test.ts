import { describe, expect, it } from 'vitest';
import { ALARM_CATALOGUE } from './catalogue.ts';
import {
  type AlarmRule,
  type Decision,
  emptyState,
  evaluateSamples,
  type PendingRaise,
  type Sample,
} from './engine.ts';
import { evaluateHistorical, type ReplayStore, settleHistoricalRaise } from './replay.ts';

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

const t0 = Date.parse('2026-11-22T10:00:00Z');
const minute = (m: number) => t0 + m * 60_000;
const caseAir = (value: number, status: Sample['status'] = 'ok'): Sample => ({
  subject: 'A.CASE1',
  rackRef: 'A',
  kind: 'point',
  value,
  unit: '°F',
  status,
});
const judge = (store: ReplayStore, m: number, value: number, status?: Sample['status']) =>
  evaluateHistorical(
    store,
    rules,
    7,
    { channel: 'telemetry', samples: [caseAir(value, status)] },
    minute(m),
    new Map(),
  );
const kinds = (ds: Decision[]) => ds.map((d) => d.kind);

describe('historical messages (alarms/replay.ts)', () => {
  it('raises a case excursion that held for its delay at its own time, and clears it when it ended', () => {
    const store: ReplayStore = new Map();
    const made: Decision[] = [];
    for (let m = 0; m <= 20; m++) made.push(...judge(store, m, m >= 5 && m < 15 ? 48 : 36));
    expect(kinds(made)).toEqual(['raise']);
    const raise = made[0] as PendingRaise;
    expect(raise.rule.code).toBe('CASE_HIGH_TEMP');
    expect(raise.at.toISOString()).toBe(new Date(minute(10)).toISOString());
    // Raised and cleared in the same backlog before it was stored: stored as cleared, at its own end.
    expect(raise.clearedAt?.toISOString()).toBe(new Date(minute(15)).toISOString());
  });

  it('holds a defrost back as live readings would: the air warming in a defrost raises nothing', () => {
    const store: ReplayStore = new Map();
    const made: Decision[] = [];
    for (let m = 0; m <= 20; m++)
      made.push(...judge(store, m, m >= 5 && m < 15 ? 48 : 36, m >= 5 && m < 15 ? 'defrost' : 'ok'));
    expect(made.filter((d) => d.kind === 'raise' && d.rule.code === 'CASE_HIGH_TEMP')).toEqual([]);
  });

  it('never keeps a condition in the stored (live) state, and a clear after joining a live alarm does nothing', () => {
    const store: ReplayStore = new Map();
    for (let m = 0; m <= 6; m++) judge(store, m, 48);
    const state = store.get(7)?.state;
    const open = [...(state?.open.values() ?? [])];
    expect(open).toHaveLength(1);
    // Stored: it joined an alarm already open (not inserted), so it has no id the backlog could clear.
    settleHistoricalRaise(store, 7, open[0]?.raise as PendingRaise, { id: 99, inserted: false });
    expect([...(state?.open.values() ?? [])]).toEqual([{ id: null }]);
    expect(judge(store, 7, 36)).toEqual([]);
    // The live engine's own state is a separate one: the backlog left nothing in it.
    const live = emptyState();
    expect(kinds(evaluateSamples(rules, live, [caseAir(36)], new Date(minute(8))))).toEqual([]);
  });

  it('a raise it inserted is cleared by a later message of the backlog, by its id', () => {
    const store: ReplayStore = new Map();
    let raise: PendingRaise | undefined;
    for (let m = 0; m <= 6; m++) raise ??= judge(store, m, 48).find((d) => d.kind === 'raise') as PendingRaise;
    settleHistoricalRaise(store, 7, raise as PendingRaise, { id: 41, inserted: true });
    expect(judge(store, 9, 36)).toEqual([{ kind: 'clear', alarmId: 41, at: new Date(minute(9)) }]);
  });
});
