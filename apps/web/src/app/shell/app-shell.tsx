import { isAdministrator } from '@rcm/shared/permissions';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import logo from '@/assets/logo.svg';
import { StrokeIcon } from '@/components/ui/stroke-icon.tsx';
import { PendingControllers } from '@/features/controllers/pending/pending-controllers.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { userCan } from '@/lib/user-can.ts';
import { DiskLowBanner } from './disk-low-banner.tsx';
import { ImpersonationBanner } from './impersonation-banner.tsx';
import { MailBanner } from './mail-banner.tsx';
import { MobileSidebar } from './mobile-sidebar.tsx';
import { navItems } from './nav-items.ts';
import { SearchBar } from './search-bar.tsx';
import { Toasts } from './toasts.tsx';
import { UserMenu } from './user-menu.tsx';

const linkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 data-[status=active]:bg-blue-50 data-[status=active]:text-blue-800 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white dark:data-[status=active]:bg-blue-950 dark:data-[status=active]:text-blue-100';

/** The application shell of docs/requirements.md §2: navigation, search, pending controllers, user menu. */
export function AppShell(props: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [mobileOpen, setMobileOpen] = useState(false);
  if (!user) return <main id="main">{props.children}</main>;
  const items = navItems(user, t);
  const canSearch = userCan(user, 'search.use');

  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium dark:focus:bg-slate-900"
      >
        {t('app.skipToContent')}
      </a>
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
          <button
            type="button"
            onClick={() => setMobileOpen(true)}
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 xl:hidden dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <span className="sr-only">{t('nav.openMenu')}</span>
            <StrokeIcon strokeWidth="1.8">
              <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
            </StrokeIcon>
          </button>
          <Link to="/" className="flex shrink-0 items-center gap-2 font-semibold">
            <img src={logo} alt="" className="size-7" />
            {/* Between 1280 and 1536 px the top navigation needs the room (its Spanish labels are long). */}
            <span className="sr-only sm:not-sr-only xl:sr-only 2xl:not-sr-only">{t('app.name')}</span>
          </Link>
          <nav aria-label={t('nav.main')} className="hidden xl:block">
            <ul className="flex items-center gap-0.5 whitespace-nowrap 2xl:gap-1">
              {items.map((item) => (
                <li key={item.key}>
                  <Link
                    to={item.to}
                    className={`${linkClass} xl:px-2 2xl:px-3`}
                    activeOptions={{ exact: item.to === '/' }}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-2">
            {canSearch ? <SearchBar className="hidden w-56 md:block xl:w-44 2xl:w-56" /> : null}
            {userCan(user, 'controller.authorize') ? <PendingControllers /> : null}
            <UserMenu user={user} />
          </div>
        </div>
        {canSearch ? (
          <div className="px-4 pb-3 md:hidden">
            <SearchBar />
          </div>
        ) : null}
      </header>
      {user.impersonating ? <ImpersonationBanner user={user} /> : null}
      {userCan(user, 'storage.view') ? <DiskLowBanner /> : null}
      {user && isAdministrator(user.permissions) ? <MailBanner /> : null}
      <MobileSidebar open={mobileOpen} onClose={() => setMobileOpen(false)} items={items} />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        {props.children}
      </main>
      <Toasts />
    </div>
  );
}
