import { formatDuration } from '@rcm/shared/duration';
import i18next from 'i18next';
import { localToday } from '@/lib/format.ts';
import { numberFormat } from '@/lib/intl.ts';

/** Seconds as `1 h 05 min`, `12 min`, `45 s`: the one formatter the screens and the exports share. */
export function duration(seconds: number | null): string {
  return formatDuration(seconds, i18next.language);
}

export function money(cents: number, locale: string): string {
  return numberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** The last 30 days, today included: the range a report opens with. */
export function defaultRange(now = new Date()): { from: string; to: string } {
  return { from: localToday(new Date(now.getTime() - 29 * 86_400_000)), to: localToday(now) };
}
