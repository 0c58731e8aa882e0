const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    // Fields, not dateStyle/timeStyle: those cannot be combined with timeZoneName.
    f = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * An instant as a person reads it in a message (email, SMS): their language, their time zone, the zone
 * named ("Dec 1, 2026, 4:06 PM CST"). A zone this runtime does not know is written in UTC, still named.
 * ICU's narrow no-break spaces become plain ones: every mail client shows them alike.
 */
export function formatLocalTime(at: Date, opts: { locale: string; timeZone: string }): string {
  let f: Intl.DateTimeFormat;
  try {
    f = formatter(opts.locale, opts.timeZone);
  } catch {
    f = formatter(opts.locale, 'UTC');
  }
  return f.format(at).replace(/[\u202f\u00a0]/g, ' ');
}
