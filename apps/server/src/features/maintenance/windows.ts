import { minutesOf, type WallClock, wallClock, wallInstant } from '../../lib/zone-time.ts';

/**
 * Maintenance windows, pure: whether a window (one span, or weekly hours in the location's zone)
 * is in force, applies to a place, and its occurrences. The ingest path stores alarms raised inside
 * one suppressed; the maintenance routes answer the next occurrence.
 */

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type MaintenanceWindow = {
  id: number;
  locationId: number;
  /** null: every controller of the location. */
  controllerId: number | null;
  /** null: every rack of the controller. */
  rackRef: string | null;
  startsAt: Date;
  endsAt: Date;
  /** Weekly: these days, from..to (HH:MM, local); `to` at or before `from` runs past midnight. */
  recurrence: { days: string[]; from: string; to: string } | null;
  reason: string;
  /** The location's IANA time zone, in which the recurrence reads. */
  timeZone: string;
};

/** Where an alarm is raised. */
export type AlarmPlace = { controllerId: number; locationId: number | null; rackRef: string | null };

/** Whether a weekly span covers a wall-clock moment (a span past midnight belongs to the day it starts). */
function recurrenceCovers(r: NonNullable<MaintenanceWindow['recurrence']>, l: WallClock): boolean {
  const from = minutesOf(r.from);
  const to = minutesOf(r.to);
  const today = WEEKDAYS[l.weekday] as string;
  const yesterday = WEEKDAYS[(l.weekday + 6) % 7] as string;
  if (from < to) return r.days.includes(today) && l.minutes >= from && l.minutes < to;
  return (r.days.includes(today) && l.minutes >= from) || (r.days.includes(yesterday) && l.minutes < to);
}

/** Whether the window is in force at `at`. */
export function windowActiveAt(w: MaintenanceWindow, at: Date): boolean {
  const t = at.getTime();
  if (t < w.startsAt.getTime() || t >= w.endsAt.getTime()) return false;
  return w.recurrence ? recurrenceCovers(w.recurrence, wallClock(at, w.timeZone)) : true;
}

/** Whether the window applies to alarms of this place (location, controller, rack). */
export function windowApplies(w: MaintenanceWindow, place: AlarmPlace): boolean {
  if (w.controllerId === null) return place.locationId === w.locationId;
  if (w.controllerId !== place.controllerId) return false;
  return w.rackRef === null || w.rackRef === place.rackRef;
}

/** The window that suppresses an alarm raised here at `at`, if any (the one ending last). */
export function suppressingWindow(
  windows: readonly MaintenanceWindow[],
  place: AlarmPlace,
  at: Date,
): MaintenanceWindow | null {
  let best: MaintenanceWindow | null = null;
  for (const w of windows) {
    if (!windowApplies(w, place) || !windowActiveAt(w, at)) continue;
    if (!best || (occurrenceAt(w, at)?.end ?? w.endsAt) > (occurrenceAt(best, at)?.end ?? best.endsAt)) best = w;
  }
  return best;
}

/** The occurrence of the window in force at `at` (its start and end), or null when none is. */
export function occurrenceAt(w: MaintenanceWindow, at: Date): { start: Date; end: Date } | null {
  if (!windowActiveAt(w, at)) return null;
  if (!w.recurrence) return { start: w.startsAt, end: w.endsAt };
  const l = wallClock(at, w.timeZone);
  const from = minutesOf(w.recurrence.from);
  const to = minutesOf(w.recurrence.to);
  // The occurrence started today unless it runs past midnight and `at` is before its end.
  const startedYesterday = from >= to && l.minutes < to ? 1 : 0;
  const start = wallInstant(l.year, l.month, l.day - startedYesterday, from, w.timeZone);
  const end = wallInstant(l.year, l.month, l.day - startedYesterday + (from >= to ? 1 : 0), to, w.timeZone);
  return {
    start: new Date(Math.max(start.getTime(), w.startsAt.getTime())),
    end: new Date(Math.min(end.getTime(), w.endsAt.getTime())),
  };
}

/** The window's current occurrence at `at`, or its next one within 8 days; null when it has none left. */
export function nextOccurrence(w: MaintenanceWindow, at: Date): { start: Date; end: Date } | null {
  const now = occurrenceAt(w, at);
  if (now) return now;
  if (at >= w.endsAt) return null;
  if (!w.recurrence) return { start: w.startsAt, end: w.endsAt };
  const from = at < w.startsAt ? w.startsAt : at;
  const l = wallClock(from, w.timeZone);
  const startMinutes = minutesOf(w.recurrence.from);
  for (let offset = 0; offset <= 7; offset++) {
    const weekday = WEEKDAYS[(l.weekday + offset) % 7] as string;
    if (!w.recurrence.days.includes(weekday)) continue;
    const start = wallInstant(l.year, l.month, l.day + offset, startMinutes, w.timeZone);
    if (start < from) continue;
    if (start >= w.endsAt) return null;
    return occurrenceAt(w, start);
  }
  return null;
}
