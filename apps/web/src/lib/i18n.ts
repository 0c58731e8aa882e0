import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, type Locale, normalizeLocale } from '@rcm/shared/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from '../locales/en-US.ts';
import { esMX } from '../locales/es-MX.ts';
import { getItem, setItem } from './storage.ts';

export const catalogs = { 'en-US': enUS, 'es-MX': esMX } as const;

/** The locale follows the stored value on load, then the user's language once signed in. */
export function initI18n(): typeof i18next {
  const initial = normalizeLocale(getItem(LOCALE_STORAGE_KEY));
  void i18next.use(initReactI18next).init({
    resources: { 'en-US': { translation: enUS }, 'es-MX': { translation: esMX } },
    lng: initial,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: ['en-US', 'es-MX'],
    interpolation: { escapeValue: false },
    returnObjects: true,
    initAsync: false,
  });
  document.documentElement.lang = initial;
  return i18next;
}

export function setLocale(locale: Locale): void {
  setItem(LOCALE_STORAGE_KEY, locale);
  document.documentElement.lang = locale;
  void i18next.changeLanguage(locale);
}

export function currentLocale(): Locale {
  return normalizeLocale(i18next.language);
}
