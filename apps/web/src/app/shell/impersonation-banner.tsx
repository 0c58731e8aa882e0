import type { AuthUser } from '@rcm/shared/auth';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { unimpersonate } from '@/lib/auth-store.ts';

export function ImpersonationBanner(props: { user: AuthUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <p>{t('impersonation.banner', { name: props.user.name, email: props.user.email })}</p>
        <button
          type="button"
          className="rounded-md bg-amber-950 px-3 py-1 font-medium text-white hover:bg-amber-900 dark:bg-amber-50 dark:text-amber-950"
          onClick={() => void unimpersonate().then(() => navigate({ to: '/' }))}
        >
          {t('impersonation.back')}
        </button>
      </div>
    </div>
  );
}
