import type { DbOrTx } from '../../db/client.ts';
import { type SavedCaseKey, savedCases } from './case-repo.ts';
import { type CaseStore, caseOf, emptyCases, type PointCase, restoreCase } from './case-state.ts';
import type { AlarmRule, Sample } from './sample-match.ts';

/** A telemetry message of a controller, in the batch's time order. */
export type CaseMessage = { controllerId: number; at: number; samples: readonly Sample[] };

/**
 * Controllers this process has not followed yet (after a start, a failed batch, or the first message an
 * instance takes) start from what the database holds of their followed points (case-state.ts
 * `restoreCase`): one statement per batch that brings such controllers, none otherwise. `messages` are
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
  const rows = await savedCases(
    tx,
    wanted.map((w) => w.key),
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
