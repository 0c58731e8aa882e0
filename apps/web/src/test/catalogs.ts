import i18next, { type i18n } from 'i18next';
import { enUS } from '@/locales/en-US.ts';
import { enUSApp } from '@/locales/en-US-app.ts';
import { esMX } from '@/locales/es-MX.ts';
import { esMXApp } from '@/locales/es-MX-app.ts';

/**
 * An i18next instance with the console's whole catalogs in both languages (the sign-in strings and the
 * signed-in pages'), for tests that check wording: `getFixedT('en-US' | 'es-MX')`.
 */
export async function catalogsI18n(): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.init({
    resources: {
      'en-US': { translation: { ...enUS, ...enUSApp } },
      'es-MX': { translation: { ...esMX, ...esMXApp } },
    },
    lng: 'en-US',
    interpolation: { escapeValue: false },
  });
  return instance;
}
