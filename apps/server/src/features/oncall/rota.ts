import { TZDate } from '@date-fns/tz';

/** Rota arithmetic as plain data: no database, no clock. Wall-clock times are the schedule's zone's. */

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Days and hours ("HH:MM") a layer covers; `to` at or before `from` ends on the next day. */
export type Restriction = { days: readonly Weekday[]; from: string; to: string };

export type Layer = {
  /** Participants in rotation order. */
  userIds: readonly number[];
  /** The first shift's start (the first participant's). */
  startsAt: Date;
  /** 1..744 wall-clock hours: a 12 h rotation hands over at the same local times across DST. */
  shiftHours: number;
  restrict?: Restriction | null;
};

export type Override = { userId: number; startsAt: Date; endsAt: Date };

export type Rota = { timeZone: string; layers: readonly Layer[]; overrides: readonly Override[] };

export type Shift = { userId: number; startsAt: Date; endsAt: Date; source: 'layer' | 'override' };

type Span = { start: number; end: number };
type Segment = Span & { userId: number; source: Shift['source'] };

const HOUR = 3_600_000;

/** The instant of a wall-clock time in the zone (a time skipped by DST moves forward, a repeated one takes the first). */
function wall(timeZone: string, y: number, mo: number, d: number, h: number, mi: number): number {
  return new TZDate(y, mo, d, h, mi, timeZone).getTime();
}

/** Shift k of a layer: its start's wall-clock time plus k × shift hours, as an instant. */
function boundary(layer: Layer, timeZone: string, k: number): number {
  const s = new TZDate(layer.startsAt.getTime(), timeZone);
  return new TZDate(
    s.getFullYear(),
    s.getMonth(),
    s.getDate(),
    s.getHours() + k * layer.shiftHours,
    s.getMinutes(),
    s.getSeconds(),
    s.getMilliseconds(),
    timeZone,
  ).getTime();
}

/** The layer's shifts overlapping [from, to), each with its participant. */
function layerShifts(layer: Layer, timeZone: string, from: number, to: number): Segment[] {
  const n = layer.userIds.length;
  if (n === 0 || layer.startsAt.getTime() >= to) return [];
  let k = Math.max(0, Math.floor((from - layer.startsAt.getTime()) / (layer.shiftHours * HOUR)));
  while (k > 0 && boundary(layer, timeZone, k) > from) k--;
  while (boundary(layer, timeZone, k + 1) <= from) k++;
  const out: Segment[] = [];
  for (let start = boundary(layer, timeZone, k); start < to; k++) {
    const end = boundary(layer, timeZone, k + 1);
    const userId = layer.userIds[k % n];
    if (end > start && userId !== undefined) out.push({ start, end, userId, source: 'layer' });
    start = end;
  }
  return out;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The restriction's windows overlapping [from, to), in order (a window starts on one of its days). */
export function restrictionWindows(r: Restriction, timeZone: string, from: number, to: number): Span[] {
  const f = minutes(r.from);
  const t = minutes(r.to);
  const length = t > f ? 0 : 1; // days the window's end is after its start's day
  const first = new TZDate(from, timeZone);
  const out: Span[] = [];
  for (let i = -1; ; i++) {
    const day = new TZDate(first.getFullYear(), first.getMonth(), first.getDate() + i, 12, 0, timeZone);
    const y = day.getFullYear();
    const mo = day.getMonth();
    const d = day.getDate();
    const start = wall(timeZone, y, mo, d, Math.floor(f / 60), f % 60);
    if (start >= to) break;
    if (!r.days.includes(WEEKDAYS[day.getDay()] as Weekday)) continue;
    const end = wall(timeZone, y, mo, d + length, Math.floor(t / 60), t % 60);
    if (end > from && end > start) out.push({ start, end });
  }
  return out;
}

/** The parts of the segments inside the windows (both sorted). */
function within(segments: Segment[], windows: Span[]): Segment[] {
  const out: Segment[] = [];
  for (const s of segments) {
    for (const w of windows) {
      const start = Math.max(s.start, w.start);
      const end = Math.min(s.end, w.end);
      if (end > start) out.push({ ...s, start, end });
    }
  }
  return out;
}

/** Paints a segment over the timeline: what it covers is replaced (the later layer or override wins). */
function paint(timeline: Segment[], seg: Segment): Segment[] {
  const out: Segment[] = [];
  for (const s of timeline) {
    if (s.end <= seg.start || s.start >= seg.end) out.push(s);
    else {
      if (s.start < seg.start) out.push({ ...s, end: seg.start });
      if (s.end > seg.end) out.push({ ...s, start: seg.end });
    }
  }
  out.push(seg);
  return out.sort((a, b) => a.start - b.start);
}

/** Joins back-to-back segments of the same person and source (a restriction or a repeat can split them). */
function merge(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const s of segments) {
    const last = out[out.length - 1];
    if (last && last.end === s.start && last.userId === s.userId && last.source === s.source) last.end = s.end;
    else out.push({ ...s });
  }
  return out;
}

/**
 * The final rota for [from, to): each layer's shifts within its restriction, a later layer over an
 * earlier one where it covers the time, then overrides over everything (a later override over an
 * earlier one). Gaps are times nobody is on call.
 */
export function finalRota(rota: Rota, range: { from: Date; to: Date }): Shift[] {
  const from = range.from.getTime();
  const to = range.to.getTime();
  if (to <= from) return [];
  let timeline: Segment[] = [];
  for (const layer of rota.layers) {
    let segs = layerShifts(layer, rota.timeZone, from, to);
    if (layer.restrict) segs = within(segs, restrictionWindows(layer.restrict, rota.timeZone, from, to));
    for (const s of segs) timeline = paint(timeline, s);
  }
  for (const o of rota.overrides) {
    const start = o.startsAt.getTime();
    const end = o.endsAt.getTime();
    if (end > start && end > from && start < to)
      timeline = paint(timeline, { start, end, userId: o.userId, source: 'override' });
  }
  return merge(
    timeline
      .map((s) => ({ ...s, start: Math.max(s.start, from), end: Math.min(s.end, to) }))
      .filter((s) => s.end > s.start),
  ).map((s) => ({ userId: s.userId, startsAt: new Date(s.start), endsAt: new Date(s.end), source: s.source }));
}

/** How far ahead "next" is looked for: two of the longest shifts. */
export const NEXT_HORIZON_HOURS = 2 * 744;

/**
 * Who is on call at `at` (null: nobody) and the next shift after theirs (or after `at` when nobody
 * is), within the horizon. Shifts of the same person back to back count as one.
 */
export function onCallAt(
  rota: Rota,
  at: Date,
  horizonHours = NEXT_HORIZON_HOURS,
): { current: Shift | null; next: Shift | null } {
  const shifts = finalRota(rota, { from: at, to: new Date(at.getTime() + horizonHours * HOUR) });
  const first = shifts[0];
  const current = first && first.startsAt.getTime() <= at.getTime() ? first : null;
  const next =
    shifts.find(
      (s) =>
        s !== current &&
        (current === null || s.userId !== current.userId || s.startsAt.getTime() > current.endsAt.getTime()),
    ) ?? null;
  return { current, next };
}
