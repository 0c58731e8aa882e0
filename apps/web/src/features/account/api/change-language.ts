import type { AuthUser } from '@rcm/shared/auth';
import type { Locale } from '@rcm/shared/locale';
import { api } from '@/lib/api-client.ts';
import { fetchUser } from '@/lib/auth-store.ts';
import { setLocale } from '@/lib/i18n.ts';

/** Switches the interface at once and saves the choice as the user's language. */
export async function changeLanguage(user: AuthUser, locale: Locale): Promise<void> {
  setLocale(locale);
  await api('account', { method: 'PATCH', body: { name: user.name, email: user.email, language: locale } });
  await fetchUser();
}
