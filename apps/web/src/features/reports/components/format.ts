import { formatDuration } from '@rcm/shared/duration';
import i18next from 'i18next';
import { DATE_TIME, dateTimeFormat, numberFormat } from '../../../lib/intl.ts';

/** Seconds as `1 h 05 min`, `12 min`, `45 s`: the one formatter the screens and the exports share. */
export function duration(seconds: number | null): string {
  return formatDuration(seconds, i18next.language);
}

export function money(cents: number, locale: string): string {
  return numberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100);
}

export function dateTime(iso: string | null, locale: string): string {
  if (!iso) return '—';
  return dateTimeFormat(locale, DATE_TIME).format(new Date(iso));
}

/** `YYYY-MM-DD` of a local date. */
export function isoDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The last 30 days, today included: the range a report opens with. */
export function defaultRange(now = new Date()): { from: string; to: string } {
  return { from: isoDay(new Date(now.getTime() - 29 * 86_400_000)), to: isoDay(now) };
}
