/**
 * Alarm management decisions (ISA-18.2 / EEMUA 191), pure: maintenance windows, chattering and
 * floods over plain data. The ingest path, the jobs and the notification worker gather the data and
 * act on what these functions decide.
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

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

type Local = { year: number; month: number; day: number; weekday: number; minutes: number };

/** The wall clock of `at` in a time zone: date, weekday (0 = Sunday) and minutes since midnight. */
export function localTime(at: Date, timeZone: string): Local {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(at)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS.indexOf((parts.weekday ?? 'Sun').toLowerCase().slice(0, 3) as Weekday),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** `HH:MM` → minutes since midnight. */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/** The instant a wall-clock time (local date + minutes) has in a time zone. */
function zoned(year: number, month: number, day: number, minutes: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  let at = guess;
  // Two rounds settle the offset across a daylight-saving change.
  for (let i = 0; i < 2; i++) {
    const l = localTime(new Date(at), timeZone);
    const seen = Date.UTC(l.year, l.month - 1, l.day, Math.floor(l.minutes / 60), l.minutes % 60);
    at += guess - seen;
  }
  return new Date(at);
}

/** Whether a weekly span covers a wall-clock moment (a span past midnight belongs to the day it starts). */
function recurrenceCovers(r: NonNullable<MaintenanceWindow['recurrence']>, l: Local): boolean {
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
  return w.recurrence ? recurrenceCovers(w.recurrence, localTime(at, w.timeZone)) : true;
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
  const l = localTime(at, w.timeZone);
  const from = minutesOf(w.recurrence.from);
  const to = minutesOf(w.recurrence.to);
  // The occurrence started today unless it runs past midnight and `at` is before its end.
  const startedYesterday = from >= to && l.minutes < to;
  const startDay = new Date(Date.UTC(l.year, l.month - 1, l.day - (startedYesterday ? 1 : 0)));
  const sd = { y: startDay.getUTCFullYear(), m: startDay.getUTCMonth() + 1, d: startDay.getUTCDate() };
  const start = zoned(sd.y, sd.m, sd.d, from, w.timeZone);
  const endDay = new Date(Date.UTC(sd.y, sd.m - 1, sd.d + (from >= to ? 1 : 0)));
  const end = zoned(endDay.getUTCFullYear(), endDay.getUTCMonth() + 1, endDay.getUTCDate(), to, w.timeZone);
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
  const l = localTime(from, w.timeZone);
  const startMinutes = minutesOf(w.recurrence.from);
  for (let offset = 0; offset <= 7; offset++) {
    const day = new Date(Date.UTC(l.year, l.month - 1, l.day + offset));
    const weekday = WEEKDAYS[day.getUTCDay()] as string;
    if (!w.recurrence.days.includes(weekday)) continue;
    const start = zoned(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), startMinutes, w.timeZone);
    if (start < from) continue;
    if (start >= w.endsAt) return null;
    return occurrenceAt(w, start);
  }
  return null;
}

/** Chattering (ISA-18.2): `count` raises of one condition within `minutes`, this one included. */
export function isChattering(raisedAt: readonly Date[], at: Date, rule: { count: number; minutes: number }): boolean {
  const since = at.getTime() - rule.minutes * 60_000;
  return raisedAt.filter((d) => d.getTime() > since && d.getTime() <= at.getTime()).length >= rule.count;
}

/** A chattering alarm is emailed at most once in this long. */
export const CHATTER_EMAIL_EVERY_MS = 60 * 60_000;

/** Flood (EEMUA 191): more than `count` alarms raised at one location within `minutes`. */
export const FLOOD = { count: 10, minutes: 10 } as const;

/** Whether alarms raised at these times put a location in flood at `at`. */
export function inFlood(raisedAt: readonly Date[], at: Date): boolean {
  const since = at.getTime() - FLOOD.minutes * 60_000;
  return raisedAt.filter((d) => d.getTime() > since && d.getTime() <= at.getTime()).length > FLOOD.count;
}

/**
 * What happens to an alarm raised here now: suppressed by a window, or not; and, for its first
 * email, whether it is held back because it chatters (emailed within the hour) or belongs to a flood.
 */
export type NotifyDecision = 'email' | 'chattering' | 'flood-start' | 'in-flood';

export function notifyDecision(input: {
  chattering: boolean;
  /** When this condition's last email went out, if ever. */
  lastEmailAt: Date | null;
  /** Raise times at the alarm's location in the last flood period, this one included. */
  locationRaises: readonly Date[];
  floodOpen: boolean;
  at: Date;
}): NotifyDecision {
  if (input.floodOpen) return 'in-flood';
  if (inFlood(input.locationRaises, input.at)) return 'flood-start';
  if (
    input.chattering &&
    input.lastEmailAt &&
    input.at.getTime() - input.lastEmailAt.getTime() < CHATTER_EMAIL_EVERY_MS
  )
    return 'chattering';
  return 'email';
}
