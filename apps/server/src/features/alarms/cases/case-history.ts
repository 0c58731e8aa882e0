import type { DbOrTx } from '../../../db/client.ts';
import { type AlarmRule, assessValue, comparableValue, type Sample } from '../engine/sample-match.ts';
import { createCaseRepo, type SavedCaseKey } from './case-repo.ts';
import { type CaseStore, caseOf, emptyCases, MAX_STARTS, type PointCase, probeMs } from './case-state.ts';

const repo = createCaseRepo();

/** A telemetry message of a controller, in the batch's time order. */
export type CaseMessage = { controllerId: number; at: number; samples: readonly Sample[] };

/**
 * Controllers this process has not followed yet (after a start, a failed batch, or the first message an
 * instance takes) start from what the database holds of their followed points (`restoreCase`
 * below): one statement per batch that brings such controllers, none otherwise. `messages` are
 * those controllers' telemetry messages in the batch, in time order; the first one of a controller is
 * the time its history ends.
 */
export async function seedCases(
  tx: DbOrTx,
  store: CaseStore,
  rules: readonly AlarmRule[],
  messages: readonly CaseMessage[],
): Promise<void> {
  const wanted: { key: SavedCaseKey; pc: PointCase; unit: string | undefined }[] = [];
  const firsts = new Map<number, number>();
  for (const m of messages) {
    let cases = store.get(m.controllerId);
    if (!cases) {
      cases = emptyCases();
      store.set(m.controllerId, cases);
      firsts.set(m.controllerId, m.at);
    }
    const before = firsts.get(m.controllerId);
    if (before === undefined) continue;
    for (const sample of m.samples) {
      if (sample.kind !== 'point') continue;
      const known = cases.points.get(sample.subject);
      const pc = caseOf(cases, rules, sample);
      if (!pc || known) continue;
      wanted.push({
        key: {
          controllerId: m.controllerId,
          addr: sample.subject,
          before: new Date(before).toISOString(),
          compressor: pc.kind === 'compressor',
        },
        pc,
        unit: sample.unit,
      });
    }
  }
  if (wanted.length === 0) return;
  const rows = await repo.savedCases(
    wanted.map((w) => w.key),
    tx,
  );
  const byKey = new Map(rows.map((r) => [`${r.controller_id}|${r.addr}`, r]));
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  for (const w of wanted) {
    const r = byKey.get(`${w.key.controllerId}|${w.key.addr}`);
    if (!r) continue;
    const starts = typeof r.starts === 'string' ? parseFloatArray(r.starts) : (r.starts ?? []).map(Number);
    restoreCase(
      w.pc,
      {
        lastAt: num(r.last_at),
        lastValue: num(r.last_value),
        product: num(r.product_value),
        defrostSince: num(r.defrost_since),
        doorSince: num(r.door_since),
        defrostEnded: num(r.defrost_ended),
        peak: num(r.peak),
        low: num(r.low),
        starts,
      },
      w.unit,
    );
  }
}

/** A float8[] the driver left as text (`{1,2}`). */
function parseFloatArray(text: string): number[] {
  const inner = text.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map(Number) : [];
}

/**
 * What the database holds of a followed point when a process takes it for the first time (a restart,
 * another instance, a batch written again): times in ms, values in the point's own unit.
 */
export type SavedCase = {
  /** The point's newest stored reading before the batch: its time, value and product temperature. */
  lastAt: number | null;
  lastValue: number | null;
  product: number | null;
  /** Open defrost and door periods, and the end of the last defrost within the longest recovery. */
  defrostSince: number | null;
  doorSince: number | null;
  defrostEnded: number | null;
  /** Since that defrost's end: the highest air (counting the defrost's last reading) and the lowest. */
  peak: number | null;
  low: number | null;
  /** Compressor starts within the hour before the batch. */
  starts: number[];
};

/**
 * Takes up a point where the database leaves it: the newest reading is the last one taken (older ones
 * change nothing, the lag steps from it), periods open stay open from their real start, the recovery
 * after a defrost that ended goes on (with its highest air and the rules already back within their limit),
 * a compressor keeps its running state and the last hour's starts. Not taken up: the hour being
 * accumulated (the time to the first reading here counts nowhere) and an alarm being held back.
 */
export function restoreCase(pc: PointCase, saved: SavedCase, unit: string | undefined): void {
  if (saved.lastAt !== null) pc.at = saved.lastAt;
  if (pc.kind === 'compressor') {
    pc.running = saved.lastValue === null ? null : saved.lastValue !== 0;
    pc.starts = saved.starts.slice(-MAX_STARTS);
    return;
  }
  pc.defrostSince = saved.defrostSince;
  pc.doorSince = saved.doorSince;
  pc.lastAir = comparableValue(saved.lastValue, unit);
  if (saved.product !== null)
    for (const rule of pc.limits) {
      const tau = probeMs(rule);
      if (tau !== null) pc.lags.set(tau, saved.product);
    }
  if (saved.defrostSince === null && saved.defrostEnded !== null) {
    pc.defrostEnded = saved.defrostEnded;
    const recovered = new Set<number>();
    for (const rule of pc.limits)
      if (probeMs(rule) === null && assessValue(rule, saved.low, unit) === false) recovered.add(rule.id);
    pc.recovery = { peak: comparableValue(saved.peak, unit), stalled: false, recovered };
  }
}
