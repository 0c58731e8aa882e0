/**
 * The console's `Intl` formatters, one per locale and options. Building a formatter costs far more
 * than using it (a list of alarms formats a few hundred dates; on a phone each new formatter is
 * milliseconds of the first render), so each is built once and kept for the page's life.
 */
const formatters = new Map<string, unknown>();

/** A date with its time, as lists and cards show one ("Nov 28, 2026, 6:00 PM"). */
export const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
/** "5 min ago", "yesterday". */
export const RELATIVE: Intl.RelativeTimeFormatOptions = { numeric: 'auto' };

function cached<T>(kind: string, locale: string, options: object | undefined, make: () => T): T {
  const key = `${kind}|${locale}|${options ? JSON.stringify(options) : ''}`;
  let formatter = formatters.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

export function relativeTimeFormat(locale: string, options?: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return cached('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}

export function listFormat(locale: string, options?: Intl.ListFormatOptions): Intl.ListFormat {
  return cached('list', locale, options, () => new Intl.ListFormat(locale, options));
}

/**
 * Builds the formatters every signed-in first screen uses (counts, dates), for the page to find ready:
 * a language's first number formatter takes tens of milliseconds on a phone, better spent while the
 * page still waits for its code and data than inside its first render.
 */
export function prepareFormatters(locale: string): void {
  numberFormat(locale);
  dateTimeFormat(locale, DATE_TIME);
  relativeTimeFormat(locale, RELATIVE);
}
