import type { DeviceAlarmMessage } from '@rcm/shared/device';
import { evaluateCaseRules, observeCases } from '../cases/case-rules.ts';
import { type CaseRecord, type ControllerCases, emptyCases } from '../cases/case-state.ts';
import {
  type AlarmRule,
  type ControllerState,
  type Decision,
  emptyState,
  evaluateDeviceAlarm,
  evaluateSamples,
  type PendingRaise,
  type Sample,
} from './engine.ts';

/**
 * Historical messages (`historical: true`: sent late from a device's outbox after an outage) are
 * judged by the same rules as live ones, in a state of their own per controller: their conditions,
 * the alarms they raised, their case points (defrost holds, product temperature). The live state (the
 * stored conditions and open alarms, the case points the live readings follow) is never touched by
 * them, so an old reading neither raises a live alarm nor ends a live condition. See README.md.
 */
export type Replay = { state: ControllerState; cases: ControllerCases };
export type ReplayStore = Map<number, Replay>;

function replayOf(store: ReplayStore, controllerId: number): Replay {
  let replay = store.get(controllerId);
  if (!replay) {
    replay = { state: emptyState(), cases: emptyCases() };
    store.set(controllerId, replay);
  }
  return replay;
}

/**
 * One historical message's decisions, at its own time. Conditions stay in the replay state (in
 * memory: not the stored conditions the live engine holds); raises, bumps and clears are applied as
 * historical (apply.ts). `products` takes a telemetry message's product temperatures, stored with its
 * readings.
 */
export function evaluateHistorical(
  store: ReplayStore,
  rules: readonly AlarmRule[],
  controllerId: number,
  /** A telemetry message's samples, or a device alarm message. */
  item: { channel: 'telemetry'; samples: Sample[] } | { channel: 'alarms'; message: DeviceAlarmMessage },
  at: number,
  products: Map<string, number>,
): Decision[] {
  const replay = replayOf(store, controllerId);
  const when = new Date(at);
  let made: Decision[];
  if (item.channel === 'alarms') made = evaluateDeviceAlarm(rules, replay.state, item.message, when);
  else {
    const samples = item.samples;
    // The case hours and held-back counts of the backlog are not recorded (the case report's live
    // figures stay as they were); only its alarms are.
    const discarded: CaseRecord[] = [];
    observeCases(replay.cases, rules, samples, at, discarded, products);
    made = evaluateSamples(rules, replay.state, samples, when, { points: replay.cases, out: discarded });
    made.push(...evaluateCaseRules(rules, replay.state, replay.cases, samples, when));
  }
  return made.filter((d) => d.kind === 'raise' || d.kind === 'bump' || d.kind === 'clear');
}

/**
 * After a historical raise is stored: later clears and bumps of the backlog reach it by its id. When it
 * joined an alarm already open (live, or raised before by the backlog), it stays without an id: the
 * backlog's clear must not clear an alarm it did not raise.
 */
export function settleHistoricalRaise(
  store: ReplayStore,
  controllerId: number,
  raise: PendingRaise,
  row: { id: number; inserted: boolean },
): void {
  const state = store.get(controllerId)?.state;
  if (!state) return;
  for (const [key, open] of state.open) {
    if (open.raise !== raise) continue;
    if (raise.clearedAt) state.open.delete(key);
    else state.open.set(key, { id: row.inserted ? row.id : null });
  }
}
