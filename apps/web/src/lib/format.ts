import { fromKg, massUnitFor } from '@rcm/shared/units';
import i18next from 'i18next';
import { DATE_TIME, dateTimeFormat, numberFormat, RELATIVE, relativeTimeFormat } from './intl.ts';

/** Date and time in the interface language. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return dateTimeFormat(i18next.language, DATE_TIME).format(new Date(iso));
}

/**
 * An instant on a place's clock, in the interface language, with the zone's short name ("May 20, 2026,
 * 6:00 PM CDT"), so a reader elsewhere knows whose clock it is; `timeOnly` leaves the date out.
 */
export function formatInZone(iso: string | null | undefined, timeZone: string, timeOnly = false): string {
  if (!iso) return '—';
  return dateTimeFormat(i18next.language, {
    timeZone,
    ...(timeOnly ? {} : { year: 'numeric', month: 'short', day: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** Today as a calendar day (`YYYY-MM-DD`) where the user is. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A calendar day (`YYYY-MM-DD`, no time zone) in the interface language. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '—';
  return dateTimeFormat(i18next.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** A refrigerant mass given in kg, in the interface language's unit (lb in English, kg in Spanish). */
export function formatMass(kg: number): string {
  const unit = massUnitFor(i18next.language);
  return `${formatNumber(fromKg(kg, unit), 1)} ${unit}`;
}

export function formatNumber(value: number, digits = 1): string {
  return numberFormat(i18next.language, { maximumFractionDigits: digits }).format(value);
}

/** A file or disk size in the interface language: 812 kB, 41.5 MB, 3.2 GB. */
export function formatBytes(bytes: number): string {
  const [unit, size] =
    bytes >= 1e9
      ? (['gigabyte', bytes / 1e9] as const)
      : bytes >= 1e6
        ? (['megabyte', bytes / 1e6] as const)
        : (['kilobyte', bytes / 1e3] as const);
  return numberFormat(i18next.language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(size);
}

/** "5 min ago" in the interface language. */
export function formatRelative(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '—';
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = relativeTimeFormat(i18next.language, RELATIVE);
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86_400), 'day');
}

/** The alarm's reason in the interface language (alarms raised before Spanish reasons were written have only `reason`). */
export function reasonText(alarm: { reason: string; reason_es: string | null }, locale: string): string {
  return locale.startsWith('es') ? (alarm.reason_es ?? alarm.reason) : alarm.reason;
}
