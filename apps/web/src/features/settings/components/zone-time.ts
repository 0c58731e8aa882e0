import { TZDate } from '@date-fns/tz';

const pad = (n: number) => String(n).padStart(2, '0');

/** The `datetime-local` text of an instant as the wall clock of `zone` reads it. */
export function zoneInput(iso: string, zone: string): string {
  const d = new TZDate(iso, zone);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant a `datetime-local` text names on the wall clock of `zone` ('' when it is empty or unreadable). */
export function zoneInstant(local: string, zone: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!m) return '';
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  return new TZDate(y, mo - 1, d, h, mi, zone).toISOString();
}
