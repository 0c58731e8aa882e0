import { TZDate } from '@date-fns/tz';

/**
 * Wall-clock times and instants, both ways, in a place's IANA zone (a store, an on-call schedule)
 * or the browser's: what a `datetime-local` input shows and what the API stores.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The `datetime-local` text (`YYYY-MM-DDTHH:mm`) of an instant as the clock of `zone` reads it. */
export function zoneInput(instant: string | number | Date, zone: string = browserZone()): string {
  const d = new TZDate(new Date(instant).getTime(), zone);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The instant (ISO, UTC) a `datetime-local` text names on the clock of `zone`; '' when it is empty or
 * unreadable. A time the clocks skip (spring forward) lands after the gap; a time they repeat takes
 * its first occurrence.
 */
export function zoneInstant(local: string, zone: string = browserZone()): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return '';
  const [y, mo, d, h, mi, sec] = m.slice(1).map((n) => Number(n ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(new TZDate(y, mo - 1, d, h, mi, sec, zone).getTime()).toISOString();
}
