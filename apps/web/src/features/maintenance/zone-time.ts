import { dateTimeFormat } from '../../lib/intl.ts';

/**
 * Wall-clock times of a place's time zone and instants, both ways, with `Intl` alone: a one-off
 * maintenance window is entered and shown in the store's zone, whatever the browser's zone is.
 */

/** The zone's offset from UTC at an instant, in milliseconds (positive east of UTC). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** `YYYY-MM-DDTHH:mm` (a `datetime-local` value) of an instant, on the zone's clock. */
export function wallTimeIn(iso: string, timeZone: string): string {
  const t = Date.parse(iso);
  return new Date(t + offsetAt(t, timeZone)).toISOString().slice(0, 16);
}

/**
 * The instant a zone's wall time names. A time the clocks skip (spring forward) lands after the gap;
 * a time they repeat takes its first occurrence.
 */
export function instantOf(wall: string, timeZone: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall);
  if (!m) return '';
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  const first = asUtc - offsetAt(asUtc, timeZone);
  const second = asUtc - offsetAt(first, timeZone);
  return new Date(Math.min(first, second)).toISOString();
}
