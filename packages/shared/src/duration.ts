/**
 * Seconds as the screens and exports write them: `45 s`, `12 min`, `1 h 05 min`, `3 d 2 h`. The unit
 * symbols are the same in English and Spanish; only the number's digits follow the language.
 */
export function formatDuration(seconds: number | null, locale = 'en-US'): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: false });
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${n.format(s)} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${n.format(m)} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${n.format(h)} h ${String(m % 60).padStart(2, '0')} min`;
  return `${n.format(Math.floor(h / 24))} d ${n.format(h % 24)} h`;
}
