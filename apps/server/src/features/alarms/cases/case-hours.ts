/**
 * The hour accounting of a followed case point, for the case performance report: the time from one
 * reading to the next is added to the hour it falls in as observed, held (defrost and its recovery) or
 * in range, by the state the earlier reading left (`lastHeld`, `lastInRange`, set by `case-state.ts`).
 * A finished hour is a record. Pure, like the rest of the case state.
 */

const HOUR = 3_600_000;
/** Time between two readings longer than this is a gap: it counts neither in nor out of range. */
export const CASE_GAP_MS = 15 * 60_000;

/** The hour being accumulated: seconds observed, held (defrost and its recovery), and in range outside the hold. */
export type CaseHour = { bucket: number; observedMs: number; heldMs: number; inRangeMs: number };

/** A finished (or taken) hour of a point. */
export type HourRecord = { kind: 'hour'; addr: string; rackRef: string } & CaseHour;

/** What the hours read and keep of a followed point (`PointCase` in `case-state.ts`). */
export type HourPoint = {
  addr: string;
  rackRef: string;
  /** Time of the newest reading taken (ms). */
  at: number;
  hour: CaseHour | null;
  lastHeld: boolean;
  lastInRange: boolean | null;
};

/** An hour starting from zero. */
export function newHour(bucket: number): CaseHour {
  return { bucket, observedMs: 0, heldMs: 0, inRangeMs: 0 };
}

/**
 * Adds the time from the previous reading to this one to the hours it spans; a finished hour is
 * recorded in `out` (the reading's records, `CaseRecord[]` in the case state).
 */
export function accumulate(pc: HourPoint, at: number, out: { push(record: HourRecord): number }): void {
  const from = pc.at;
  const bucket = Math.floor(at / HOUR) * HOUR;
  if (pc.hour && pc.hour.bucket !== bucket) {
    // The span up to the end of the previous reading's hour belongs to that hour.
    if (at - from <= CASE_GAP_MS && from >= pc.hour.bucket) add(pc.hour, pc, pc.hour.bucket + HOUR - from);
    out.push({ kind: 'hour', addr: pc.addr, rackRef: pc.rackRef, ...pc.hour });
    pc.hour = null;
  }
  if (!pc.hour) {
    pc.hour = newHour(bucket);
    if (at - from <= CASE_GAP_MS && from < bucket) add(pc.hour, pc, at - bucket);
    return;
  }
  if (at - from <= CASE_GAP_MS) add(pc.hour, pc, at - from);
}

function add(hour: CaseHour, pc: HourPoint, ms: number): void {
  if (ms <= 0 || pc.lastInRange === null) return;
  hour.observedMs += ms;
  if (pc.lastHeld) hour.heldMs += ms;
  else if (pc.lastInRange) hour.inRangeMs += ms;
}

/**
 * The hours being accumulated, as records to keep (a process stopping): each point's hour so far, after
 * which it starts again from zero in the same hour (`case_hours` adds what an hour is written with).
 */
export function takeOpenHours(
  store: ReadonlyMap<number, { points: ReadonlyMap<string, HourPoint | null> }>,
): Map<number, HourRecord[]> {
  const out = new Map<number, HourRecord[]>();
  for (const [controllerId, cases] of store) {
    const list: HourRecord[] = [];
    for (const pc of cases.points.values()) {
      if (!pc?.hour || pc.hour.observedMs === 0) continue;
      list.push({ kind: 'hour', addr: pc.addr, rackRef: pc.rackRef, ...pc.hour });
      pc.hour = newHour(pc.hour.bucket);
    }
    if (list.length > 0) out.set(controllerId, list);
  }
  return out;
}
