import { getCountries, parsePhoneNumberFromString } from 'libphonenumber-js/min';

const KNOWN = new Set<string>(getCountries());

/** The country (ISO 3166 alpha-2) of an E.164 number; null when its code names none. */
export function countryOf(e164: string): string | null {
  return parsePhoneNumberFromString(e164)?.country ?? null;
}

/** Whether a code is a country a phone number can be in. */
export const isPhoneCountry = (code: string) => KNOWN.has(code);

/** The countries of these phone numbers (a location's, the console's own), each once, sorted. */
export function countriesOf(phones: readonly string[]): string[] {
  const found = new Set<string>();
  for (const phone of phones) {
    const country = countryOf(phone.replace(/[\s().-]/g, ''));
    if (country) found.add(country);
  }
  return [...found].sort();
}
