import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SettingsLayout, settingsSectionsFor } from '@/components/settings-layout.tsx';
import { useAuth } from '@/lib/auth-store.ts';

/** /settings: one card per section. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <SettingsLayout title={t('settings.title')} subtitle={t('settings.subtitle')}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {settingsSectionsFor(user).map((s) => (
          <li key={s.to}>
            <Link
              to={s.to}
              className="block h-full rounded-lg border border-slate-200 bg-white p-5 hover:border-blue-400 focus-visible:outline-2 focus-visible:outline-blue-700 dark:border-slate-700 dark:bg-slate-900"
            >
              <span className="block text-base font-semibold">{t(`settings.sections.${s.key}`)}</span>
              <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">
                {t(`settings.sections.${s.key}Hint`)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </SettingsLayout>
  );
}
