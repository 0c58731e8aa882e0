import type { Locale } from '@rcm/shared/locale';
import type { Cell, Table } from './export.ts';
import { EXPORT_LABELS } from './labels.ts';

/** `2026-11-25` as the reader reads a day ("Nov 25, 2026", "25 nov 2026"). */
export function formatDay(day: string, locale: Locale): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? day
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}

/**
 * What every export says under its title (the range, in the reader's language), the zone of its
 * places when they share one, and each location's zone for its rows' times.
 */
export type ExportFrame = {
  /** What a table built in this frame starts with: its subtitle and its zone. */
  heading: Pick<Table, 'subtitle' | 'timeZone'>;
  at: (iso: string | null, locationId: number | null) => Cell;
};

/** The frame of an export over `range`, from the time zone of each location in it. */
export function exportFrame(
  zones: Map<number, string>,
  range: { from: string; to: string },
  locale: Locale,
): ExportFrame {
  const distinct = [...new Set(zones.values())];
  return {
    heading: {
      subtitle: [EXPORT_LABELS[locale].range(formatDay(range.from, locale), formatDay(range.to, locale))],
      timeZone: distinct.length === 1 ? distinct[0] : undefined,
    },
    at: (iso, locationId) =>
      iso ? { at: iso, timeZone: (locationId !== null ? zones.get(locationId) : undefined) ?? null } : null,
  };
}
