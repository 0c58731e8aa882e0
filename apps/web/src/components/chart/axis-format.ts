import { dateTimeFormat, numberFormat } from '@/lib/intl.ts';

const DAY = 86_400;

/**
 * The time axis's tick labels in the reader's language (uPlot writes English month names and 12-hour
 * times otherwise). Ticks a day or more apart show the date; closer ticks show the time, with the date
 * under the first tick and under each tick that starts a new day. `splits` in seconds.
 */
export function timeTickLabels(splits: number[], incrSeconds: number, locale: string): string[] {
  const date = dateTimeFormat(locale, { month: 'short', day: 'numeric' });
  if (incrSeconds >= DAY) return splits.map((s) => date.format(new Date(s * 1000)));
  // Whole hours without their minutes ("2 p.m."): the labels stay short enough not to touch.
  const time = dateTimeFormat(
    locale,
    incrSeconds % 3600 === 0 ? { hour: 'numeric' } : { hour: 'numeric', minute: '2-digit' },
  );
  let lastDay = '';
  return splits.map((s) => {
    const d = new Date(s * 1000);
    const day = d.toDateString();
    const label = time.format(d);
    if (day === lastDay) return label;
    lastDay = day;
    return `${label}\n${date.format(d)}`;
  });
}

/** The value axis's tick labels: the reader's decimal separator and grouping. */
export function valueTickLabels(splits: number[], locale: string): string[] {
  const n = numberFormat(locale, { maximumFractionDigits: 2 });
  return splits.map((v) => n.format(v));
}
