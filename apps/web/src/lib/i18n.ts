import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, type Locale, normalizeLocale } from '@rcm/shared/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getItem, setItem } from './storage.ts';

/**
 * Each language's catalog is a chunk of its own, loaded when that language is first used: a first
 * visit downloads one language, not both (the login page's bundle budget).
 */
const loaders: Record<Locale, () => Promise<object>> = {
  'en-US': () => import('@/locales/en-US.ts').then((m) => m.enUS),
  'es-MX': () => import('@/locales/es-MX.ts').then((m) => m.esMX),
};

/** The strings only signed-in pages use: loaded when a signed-in route is first entered. */
const appLoaders: Record<Locale, () => Promise<object>> = {
  'en-US': () => import('@/locales/en-US-app.ts').then((m) => m.enUSApp),
  'es-MX': () => import('@/locales/es-MX-app.ts').then((m) => m.esMXApp),
};
const appLoaded = new Map<Locale, Promise<void>>();
let appWanted = false;

async function ensureCatalog(locale: Locale): Promise<void> {
  if (!i18next.hasResourceBundle(locale, 'translation'))
    i18next.addResourceBundle(locale, 'translation', await loaders[locale]());
  if (appWanted) await ensureAppCatalog(locale);
}

function ensureAppCatalog(locale: Locale): Promise<void> {
  let loading = appLoaded.get(locale);
  if (!loading) {
    loading = appLoaders[locale]().then((strings) => {
      i18next.addResourceBundle(locale, 'translation', strings, true, true);
    });
    appLoaded.set(locale, loading);
  }
  return loading;
}

/**
 * The signed-in pages' strings in the current language and the fallback (the route guard awaits it
 * before a signed-in page renders); later language changes load them too.
 */
export async function loadAppStrings(): Promise<void> {
  appWanted = true;
  const locale = normalizeLocale(i18next.language);
  await Promise.all([ensureAppCatalog(locale), ensureAppCatalog(DEFAULT_LOCALE)]);
}

/**
 * Starts downloading the signed-in strings of the stored language before the route guard asks for
 * them (a returning user's first page); nothing is added to i18next until `loadAppStrings`.
 */
export function prefetchAppStrings(): void {
  void appLoaders[normalizeLocale(getItem(LOCALE_STORAGE_KEY))]().catch(() => undefined);
}

/** The locale follows the stored value on load, then the user's language once signed in. */
export async function initI18n(): Promise<typeof i18next> {
  const initial = normalizeLocale(getItem(LOCALE_STORAGE_KEY));
  // Asked for before anything else the first screen needs: nothing renders without it.
  const catalog = loaders[initial]();
  await i18next.use(initReactI18next).init({
    resources: {},
    lng: initial,
    // English is the fallback (docs/requirements.md §9); both catalogs hold every key (catalog.test.ts).
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: ['en-US', 'es-MX'],
    interpolation: { escapeValue: false },
    returnObjects: true,
    initAsync: false,
  });
  i18next.addResourceBundle(initial, 'translation', await catalog);
  if (appWanted) await ensureAppCatalog(initial);
  await i18next.changeLanguage(initial);
  document.documentElement.lang = initial;
  return i18next;
}

export async function setLocale(locale: Locale): Promise<void> {
  setItem(LOCALE_STORAGE_KEY, locale);
  await ensureCatalog(locale);
  document.documentElement.lang = locale;
  await i18next.changeLanguage(locale);
}

export function currentLocale(): Locale {
  return normalizeLocale(i18next.language);
}

/** Each interface language by its own name (a language picker shows them so). */
export const LANGUAGE_NAMES: Record<Locale, string> = { 'en-US': 'English', 'es-MX': 'Español' };
