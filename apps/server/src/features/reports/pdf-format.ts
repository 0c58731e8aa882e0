import { formatDuration } from '@rcm/shared/duration';
import { type Cell, type ColumnFormat, isAt, type PdfContext } from './export.ts';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Dates, numbers, durations and money as the screens write them, in the reader's language. */
export function pdfFormatter(ctx: Pick<PdfContext, 'locale' | 'timeZone'>) {
  const numbers = new Intl.NumberFormat(ctx.locale, { maximumFractionDigits: 1 });
  const money = new Intl.NumberFormat(ctx.locale, { style: 'currency', currency: 'USD' });
  const days = new Intl.DateTimeFormat(ctx.locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const instants = new Map<string, Intl.DateTimeFormat>();
  const instantIn = (zone: string) => {
    let f = instants.get(zone);
    if (!f) {
      // The zone is named only when it is not the document's (said once under the title).
      f = new Intl.DateTimeFormat(ctx.locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: zone,
        ...(zone === ctx.timeZone ? {} : { timeZoneName: 'short' }),
      });
      instants.set(zone, f);
    }
    return f;
  };
  const instant = (iso: string, zone?: string | null) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : instantIn(zone ?? ctx.timeZone).format(d);
  };
  const day = (ymd: string) => {
    const d = new Date(`${ymd}T00:00:00Z`);
    return Number.isNaN(d.getTime()) ? ymd : days.format(d);
  };
  const cell = (value: Cell, format?: ColumnFormat): string => {
    if (value === null) return format === 'duration' ? '—' : '';
    if (isAt(value)) return instant(value.at, value.timeZone);
    if (typeof value === 'number') {
      if (format === 'duration') return formatDuration(value, ctx.locale);
      if (format === 'money') return money.format(value / 100);
      return numbers.format(value);
    }
    if (ISO_INSTANT.test(value)) return instant(value);
    if (ISO_DAY.test(value)) return day(value);
    return value;
  };
  return { cell, instant, day, number: (n: number) => numbers.format(n), duration: formatDuration };
}
