import type { TelemetryMessage } from '@rcm/shared/device';
import type { DbOrTx } from '../../../db/client.ts';
import { applyCaseRecords } from '../../alarms/cases/case-apply.ts';
import { type CaseMessage, seedCases } from '../../alarms/cases/case-history.ts';
import { evaluateCaseRules, observeCases } from '../../alarms/cases/case-rules.ts';
import { type CaseRecord, type CaseStore, type ControllerCases, emptyCases } from '../../alarms/cases/case-state.ts';
import { applyDecisions } from '../../alarms/engine/apply.ts';
import {
  type AlarmRule,
  type ControllerState,
  clearOpen,
  type Decision,
  evaluateDeviceAlarm,
  evaluateSamples,
} from '../../alarms/engine/engine.ts';
import { evaluateHistorical, type ReplayStore, settleHistoricalRaise } from '../../alarms/engine/replay.ts';
import { loadStates, OFFLINE_SUBJECT } from '../../alarms/engine/state.ts';
import { seedTrends, type TrendStore } from '../../alarms/leaks/leak-history.ts';
import { evaluateLeakTrend, leakRate, leakRule } from '../../alarms/leaks/leak-rule.ts';
import type { MaintenanceWindow } from '../../maintenance/windows.ts';
import type { DeviceRecord } from '../pipeline/device-registry.ts';
import { createGatewayRepo, type GatewayRepo } from '../pipeline/gateway-repo.ts';
import { samplesOf } from '../pipeline/samples.ts';
import type { BatchItem, BatchOutcome } from './batch-item.ts';
import { statusEvents, telemetryEvents, writeStatuses } from './status-writer.ts';
import { createTelemetryRepo, type TelemetryRepo } from './telemetry-repo.ts';
import { writeTelemetry } from './telemetry-writer.ts';
import { createWriterRepo, type WriterRepo } from './writer-repo.ts';

export type { BatchItem, BatchOutcome } from './batch-item.ts';

/** The statements a batch runs, in its transaction. */
export type WriterRepos = { writer: WriterRepo; telemetry: TelemetryRepo; gateways: GatewayRepo };

/** The batch writer's repositories: built once by the ingest pipeline (pipeline/pipeline.ts), never per batch. */
export function createWriterRepos(): WriterRepos {
  return { writer: createWriterRepo(), telemetry: createTelemetryRepo(), gateways: createGatewayRepo() };
}

/**
 * How stale a busy controller's `last_seen_at` may be. Writing it for every batch cost a fifth of the
 * batch at a few thousand messages a second; the offline sweep works in minutes.
 */
export const SEEN_EVERY_MS = 5_000;

/**
 * Messages whose (controller, msg_id) is new; a repeat in this batch or an earlier one is dropped.
 * The statement answers with the positions of the repeats only (usually none), not with every key.
 */
async function dedupe(
  repo: WriterRepo,
  tx: DbOrTx,
  items: BatchItem[],
): Promise<{ items: BatchItem[]; repeated: ReadonlySet<BatchItem> | null }> {
  // Repeats within the batch are found here; only each key's first copy goes to the database.
  const firstOf = new Set<string>();
  const drop = new Set<number>();
  const withId: number[] = [];
  const ids: number[] = [];
  const msgIds: string[] = [];
  items.forEach((item, i) => {
    if (item.channel === 'status') return;
    const key = `${item.device.id}|${item.message.msg_id}`;
    if (firstOf.has(key)) {
      drop.add(i);
      return;
    }
    firstOf.add(key);
    withId.push(i);
    ids.push(item.device.id);
    msgIds.push(item.message.msg_id);
  });
  if (withId.length > 0) {
    const repeats = await repo.insertMessageIds(ids, msgIds, tx);
    for (const r of repeats) drop.add(withId[Number(r.n)] as number);
  }
  if (drop.size === 0) return { items, repeated: null };
  return {
    items: items.filter((_, i) => !drop.has(i)),
    repeated: new Set([...drop].map((i) => items[i] as BatchItem)),
  };
}

/** A controller's followed points and the list its case records of this batch go to. */
function casesOf(store: CaseStore, records: Map<number, CaseRecord[]>, controllerId: number) {
  let points = store.get(controllerId);
  if (!points) {
    points = emptyCases();
    store.set(controllerId, points);
  }
  let out = records.get(controllerId);
  if (!out) {
    out = [];
    records.set(controllerId, out);
  }
  return { points, out };
}

/** The telemetry of controllers whose case points this process does not follow yet, in time order. */
function unfollowed(ordered: { item: BatchItem; at: number }[], store: CaseStore): CaseMessage[] {
  const out: CaseMessage[] = [];
  for (const { item, at } of ordered)
    if (item.channel === 'telemetry' && !item.message.historical && !store.has(item.device.id))
      out.push({ controllerId: item.device.id, at, samples: samplesOf(item.message) });
  return out;
}

/** The racks reporting a liquid level in this batch, each with its earliest message time. */
function levelFirsts(ordered: { item: BatchItem; at: number }[]) {
  const firsts = new Map<string, { controllerId: number; rackRef: string; before: number }>();
  for (const { item, at } of ordered) {
    if (item.channel !== 'telemetry' || item.message.historical) continue;
    for (const rack of item.message.racks) {
      const key = `${item.device.id}|${rack.ref}`;
      if (rack.metrics.liquid_level !== undefined && !firsts.has(key))
        firsts.set(key, { controllerId: item.device.id, rackRef: rack.ref, before: at });
    }
  }
  return [...firsts.values()];
}

/**
 * Writes one batch in the caller's transaction: dedupe, readings, latest values, controller
 * status, and the alarm decisions they cause. Events are returned for emission after commit.
 */
export async function writeBatch(
  repos: WriterRepos,
  tx: DbOrTx,
  input: {
    items: BatchItem[];
    rules: readonly AlarmRule[];
    /** Maintenance windows in force or to come (an alarm raised inside one is stored suppressed). */
    windows?: readonly MaintenanceWindow[];
    now: Date;
    /**
     * When this process last wrote each controller's last_seen_at: a controller whose online state is
     * unchanged is written again only after SEEN_EVERY_MS (updated here; without it, always written).
     */
    seenWritten?: Map<number, number>;
    /** Each controller's liquid-level trends (the leak rule's state, kept by the pipeline between batches). */
    levelTrends?: TrendStore;
    /** Each controller's followed case points (the case rules' state, kept by the pipeline between batches). */
    cases?: CaseStore;
    /**
     * The engine's state of each controller's historical messages (alarms/replay.ts, kept by the
     * pipeline between batches); without it historical messages are stored and judged by no rule.
     */
    replays?: ReplayStore;
    /** Milliseconds per step, added to (benchmarks: where a batch's time goes). */
    timings?: Record<string, number>;
  },
): Promise<BatchOutcome> {
  const { rules, now } = input;
  let mark = performance.now();
  const lap = (step: string) => {
    if (!input.timings) return;
    const t = performance.now();
    input.timings[step] = (input.timings[step] ?? 0) + t - mark;
    mark = t;
  };
  const { items, repeated } = await dedupe(repos.writer, tx, input.items);
  lap('dedupe');
  const outcome: BatchOutcome = {
    stored: items.length,
    duplicates: input.items.length - items.length,
    repeated,
    readings: 0,
    events: [],
    online: new Map(),
  };
  const telemetry = items.filter((i) => i.channel === 'telemetry') as Extract<BatchItem, { channel: 'telemetry' }>[];

  // Online state: any message means online, unless it is a status saying otherwise (the last will).
  const devices = new Map<number, DeviceRecord>();
  const onlineNow = new Map<number, boolean>();
  for (const item of items) {
    devices.set(item.device.id, item.device);
    onlineNow.set(item.device.id, item.channel === 'status' ? item.message.online : true);
  }
  const ids = [...onlineNow.keys()];
  const seen = input.seenWritten;
  const touch = ids.filter((id) => {
    if (!seen) return true;
    const changed = devices.get(id)?.online !== onlineNow.get(id);
    return changed || now.getTime() - (seen.get(id) ?? 0) >= SEEN_EVERY_MS;
  });
  if (touch.length > 0) {
    await repos.writer.markControllersSeen(now, touch, onlineNow, tx);
    for (const id of touch) seen?.set(id, now.getTime());
  }
  const childrenOffline = await writeStatuses(repos, tx, items, now);
  lap('controllers');
  // Alarms: telemetry rules, device alarms, and the end of an offline alarm when a device speaks again.
  const states = await loadStates(tx, ids);
  lap('alarm_state');
  const decisions = new Map<number, Decision[]>();
  const offlineRule = rules.find((r) => r.source === 'offline');
  const offlineKey = offlineRule ? `${offlineRule.id}|${OFFLINE_SUBJECT}` : '';
  // In the devices' own time order (a stable sort: status messages, which carry no time, stay first).
  // Each message's time is parsed once, here.
  const ordered = items.map((item) => ({ item, at: item.channel === 'status' ? 0 : Date.parse(item.message.ts) }));
  ordered.sort((a, b) => a.at - b.at);
  const trendRule = input.levelTrends ? leakRule(rules) : undefined;
  if (trendRule && input.levelTrends)
    await seedTrends(tx, input.levelTrends, levelFirsts(ordered), leakRate(trendRule));
  const caseStore = input.cases;
  if (caseStore) await seedCases(tx, caseStore, rules, unfollowed(ordered, caseStore));
  const caseRecords = new Map<number, CaseRecord[]>();
  const products = new Map<TelemetryMessage, Map<string, number>>();
  const scratch = new Map<string, number>();
  const replays = input.replays;
  let historical: Map<number, Decision[]> | null = null;
  for (const { item, at } of ordered) {
    if (item.channel !== 'status' && item.message.historical) {
      // Sent late (after an outage): judged in its own state, at its own time (alarms/replay.ts).
      if (!replays) continue;
      const product = new Map<string, number>();
      const what =
        item.channel === 'telemetry'
          ? { channel: item.channel, samples: samplesOf(item.message) }
          : { channel: item.channel, message: item.message };
      const made = evaluateHistorical(replays, rules, item.device.id, what, at, product);
      if (product.size > 0 && item.channel === 'telemetry') products.set(item.message, product);
      if (made.length === 0) continue;
      historical ??= new Map();
      const list = historical.get(item.device.id);
      if (list) list.push(...made);
      else historical.set(item.device.id, made);
      continue;
    }
    const state = states.get(item.device.id) as ControllerState;
    let list = decisions.get(item.device.id);
    if (!list) {
      list = [];
      decisions.set(item.device.id, list);
    }
    if (item.channel === 'telemetry') {
      const samples = samplesOf(item.message);
      let followed: { points: ControllerCases; out: CaseRecord[] } | undefined;
      if (caseStore) {
        followed = casesOf(caseStore, caseRecords, item.device.id);
        observeCases(followed.points, rules, samples, at, followed.out, scratch);
        if (scratch.size > 0) {
          products.set(item.message, new Map(scratch));
          scratch.clear();
        }
      }
      const made = evaluateSamples(rules, state, samples, new Date(at), followed);
      if (made.length > 0) list.push(...made);
      if (followed) {
        const caseMade = evaluateCaseRules(rules, state, followed.points, samples, new Date(at));
        if (caseMade.length > 0) list.push(...caseMade);
      }
      const trends = trendRule && input.levelTrends?.get(item.device.id);
      if (trendRule && trends) list.push(...evaluateLeakTrend(trendRule, state, trends, samples, new Date(at)));
    }
    if (item.channel === 'alarms') list.push(...evaluateDeviceAlarm(rules, state, item.message, new Date(at)));
    if (offlineRule && onlineNow.get(item.device.id)) {
      const open = state.open.get(offlineKey);
      if (open) {
        clearOpen(open, now, list);
        state.open.delete(offlineKey);
      }
    }
  }
  lap('engine');
  // The readings after the engine: a case point's reading is stored with its product temperature.
  outcome.readings = await writeTelemetry(repos.telemetry, tx, telemetry, lap, products);
  const changed = await applyDecisions(tx, { decisions, devices, now, windows: input.windows });
  outcome.events.push(...changed);
  if (historical && replays) {
    const settled = (
      id: number,
      raise: Parameters<typeof settleHistoricalRaise>[2],
      row: { id: number; inserted: boolean },
    ) => settleHistoricalRaise(replays, id, raise, row);
    outcome.events.push(
      ...(await applyDecisions(tx, { decisions: historical, devices, now, historical: { settled } })),
    );
  }
  lap('alarms');
  if (caseRecords.size > 0) await applyCaseRecords(tx, caseRecords);
  lap('cases');

  statusEvents(outcome, { items, devices, onlineNow, childrenOffline, now });
  telemetryEvents(outcome, telemetry);
  return outcome;
}
