import { Link, Navigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page.tsx';
import { useAuth } from '@/lib/auth-store.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const href = useRouterState({ select: (s) => s.location.href });
  // The not-found route is for signed-in users; others sign in first.
  if (auth.loaded && !auth.authenticated) return <Navigate to="/user/login" search={{ redirect: href }} replace />;
  if (!auth.loaded) return null;
  return (
    <Page title={t('errors.notFoundTitle')}>
      <p className="text-slate-700 dark:text-slate-200">{t('errors.notFoundBody')}</p>
      <Link to="/" className="mt-4 inline-block font-medium text-blue-700 underline dark:text-blue-300">
        {t('errors.goHome')}
      </Link>
    </Page>
  );
}
