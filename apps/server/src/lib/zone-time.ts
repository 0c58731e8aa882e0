import { TZDate } from '@date-fns/tz';

/**
 * Wall clocks in IANA time zones (a store's, a person's), both ways, through `@date-fns/tz`: the one
 * zone arithmetic of the server. A zone this runtime does not know reads as UTC.
 */

/** A wall-clock moment: date, weekday (0 = Sunday) and minutes since midnight. */
export type WallClock = { year: number; month: number; day: number; weekday: number; minutes: number };

function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

const zones = new Map<string, string>();
function zone(timeZone: string): string {
  let z = zones.get(timeZone);
  if (z === undefined) {
    z = knownZone(timeZone);
    zones.set(timeZone, z);
  }
  return z;
}

/** The wall clock of `at` in `timeZone`. */
export function wallClock(at: Date, timeZone: string): WallClock {
  const d = new TZDate(at.getTime(), zone(timeZone));
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    weekday: d.getDay(),
    minutes: d.getHours() * 60 + d.getMinutes(),
  };
}

/**
 * The instant a wall-clock time (date, month 1-based, minutes since midnight; days and minutes may run
 * past their month and day) has in `timeZone`. A time the clocks skip lands after the gap.
 */
export function wallInstant(year: number, month: number, day: number, minutes: number, timeZone: string): Date {
  return new Date(new TZDate(year, month - 1, day, 0, minutes, zone(timeZone)).getTime());
}

/** `HH:MM` → minutes since midnight. */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}
