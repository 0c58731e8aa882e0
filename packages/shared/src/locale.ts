export const LOCALES = ['en-US', 'es-MX'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
export const LOCALE_STORAGE_KEY = 'locale';

/** Accepts 'es-MX', 'es', 'ES-mx'; anything unknown falls back to en-US (docs/requirements.md §9). */
export function normalizeLocale(value: string | null | undefined): Locale {
  if (!value) return DEFAULT_LOCALE;
  const lower = value.trim().toLowerCase();
  if (lower === 'es-mx' || lower === 'es' || lower.startsWith('es-')) return 'es-MX';
  return DEFAULT_LOCALE;
}
