import type { AlarmManagementReport } from '@rcm/shared/alarm-management';

export type Bucket = { start: string; alarms: number; peak_10min: number };

/** Narrowest bar, in CSS pixels, that a chart draws before it groups hours into days. */
export const MIN_BAR_PX = 4;
/** Room one axis label needs, in CSS pixels (a short date at 11 px). */
export const LABEL_PX = 72;

/**
 * The chart's bars for a plot `width` pixels wide: one per hour while each bar gets at least
 * MIN_BAR_PX, else one per day (where the viewer is) with the day's alarms and its busiest 10 minutes.
 * `dayOf` names an hour's day (a test passes its own).
 */
export function chartBuckets(
  hourly: AlarmManagementReport['hourly'],
  width: number,
  dayOf: (iso: string) => string = localDay,
): { unit: 'hour' | 'day'; buckets: Bucket[] } {
  if (hourly.length === 0 || width / hourly.length >= MIN_BAR_PX)
    return { unit: 'hour', buckets: hourly.map((h) => ({ start: h.hour, ...h })) };
  const days = new Map<string, Bucket>();
  for (const h of hourly) {
    const key = dayOf(h.hour);
    const day = days.get(key);
    if (day) {
      day.alarms += h.alarms;
      day.peak_10min = Math.max(day.peak_10min, h.peak_10min);
    } else days.set(key, { start: h.hour, alarms: h.alarms, peak_10min: h.peak_10min });
  }
  return { unit: 'day', buckets: [...days.values()] };
}

/** Every how many bars an axis label fits without touching the next. */
export function labelEvery(bars: number, width: number): number {
  const fit = Math.max(1, Math.floor(width / LABEL_PX));
  return Math.max(1, Math.ceil(bars / fit));
}

function localDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}
