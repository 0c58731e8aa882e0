import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/page.tsx';
import { useAuth } from '@/lib/auth-store.ts';

const loadShell = () => import('./shell/app-shell.tsx');
const AppShell = lazy(() => loadShell().then((m) => ({ default: m.AppShell })));

/**
 * Starts downloading the signed-in shell and the code that reads its banners (a returning user's
 * first screen needs both; the route guard asks for the banners).
 */
export function preloadShell(): void {
  void loadShell().catch(() => undefined);
  void import('./shell/shell-data.ts').catch(() => undefined);
}

/** What a page shows while its code or its route (guard, data) is still loading. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="p-8">
      <Spinner label={t('common.loading')} />
    </div>
  );
}

/**
 * The shell appears only once the user is authenticated and the auth state is ready; otherwise the
 * routed view is shown alone. The routed view is re-created whenever the full path changes.
 */
export function RootLayout() {
  const auth = useAuth();
  // Re-created when the path changes; query-string changes (filters held in the URL) keep the
  // view, so a multi-select stays open and keyboard focus stays where it was.
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();

  useEffect(() => {
    const onUnauthorized = () => {
      const here = window.location.pathname + window.location.search;
      void navigate({ to: '/user/login', search: { redirect: here.startsWith('/user/') ? undefined : here } });
    };
    window.addEventListener('rcm:unauthorized', onUnauthorized);
    return () => window.removeEventListener('rcm:unauthorized', onUnauthorized);
  }, [navigate]);

  const view = (
    <Suspense fallback={<PageLoading />}>
      <Outlet key={pathname} />
    </Suspense>
  );

  return (
    <>
      {auth.loaded && auth.authenticated ? (
        <Suspense fallback={null}>
          <AppShell>{view}</AppShell>
        </Suspense>
      ) : (
        <main id="main">{view}</main>
      )}
    </>
  );
}
