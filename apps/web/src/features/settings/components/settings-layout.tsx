import type { AuthUser } from '@rcm/shared/auth';
import { Link, Navigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page, Spinner } from '../../../components/page.tsx';
import { SearchBox as SharedSearchBox } from '../../../components/ui/filter-controls.tsx';
import { hasPermission, useAuth } from '../../../lib/auth-store.ts';

export const SETTINGS_SECTIONS = [
  { to: '/settings/users', key: 'users' },
  { to: '/settings/teams', key: 'teams' },
  { to: '/settings/roles', key: 'roles' },
  { to: '/settings/alarm-types', key: 'alarmTypes' },
  { to: '/settings/job-categories', key: 'jobCategories' },
  { to: '/settings/audit-log', key: 'auditLog' },
  { to: '/settings/backups', key: 'backups', permission: 'organization_view_all' },
] as const;

/** The sections the user may open (backups: only administrators who see every organization). */
export function settingsSectionsFor(user: AuthUser | null) {
  return SETTINGS_SECTIONS.filter((s) => !('permission' in s) || (user && hasPermission(user, s.permission)));
}

export const cardClass = 'rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900';

/** Every settings page: its title, the section links, then the page. */
export function SettingsLayout(props: { title: string; subtitle?: string; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  // settings_view removed while the page is open (auth.changed): leave at once, as the guard would.
  if (user && !hasPermission(user, 'settings_view')) return <Navigate to="/403" />;
  return (
    <Page title={props.title} subtitle={props.subtitle} actions={props.actions}>
      <nav aria-label={t('settings.nav')} className="mb-6 border-b border-slate-200 dark:border-slate-700">
        <ul className="-mb-px flex flex-wrap gap-4 text-sm">
          <li>
            <Link
              to="/settings"
              activeOptions={{ exact: true }}
              className="inline-block border-b-2 border-transparent px-1 pb-2 font-medium text-slate-700 hover:text-slate-950 aria-[current=page]:border-blue-700 aria-[current=page]:text-blue-800 dark:text-slate-200 dark:aria-[current=page]:text-blue-300"
            >
              {t('settings.title')}
            </Link>
          </li>
          {settingsSectionsFor(user).map((s) => (
            <li key={s.to}>
              <Link
                to={s.to}
                className="inline-block border-b-2 border-transparent px-1 pb-2 font-medium text-slate-700 hover:text-slate-950 aria-[current=page]:border-blue-700 aria-[current=page]:text-blue-800 dark:text-slate-200 dark:aria-[current=page]:text-blue-300"
              >
                {t(`settings.sections.${s.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {props.children}
    </Page>
  );
}

/** Loading, error (with retry) or the content of a query-backed view. */
export function QueryState(props: { pending: boolean; error: boolean; onRetry: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  if (props.pending) return <Spinner label={t('settings.loading')} />;
  if (props.error)
    return (
      <div role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-800 dark:bg-red-950 dark:text-red-100">
        <p>{t('settings.loadError')}</p>
        <button type="button" onClick={props.onRetry} className="mt-2 font-semibold underline">
          {t('settings.retry')}
        </button>
      </div>
    );
  return <>{props.children}</>;
}

/** The settings lists' search field (a query of its own in each list). */
export function SearchBox(props: { value: string; onChange: (value: string) => void; placeholder?: string }) {
  const { t } = useTranslation();
  return (
    <SharedSearchBox
      label={t('settings.search')}
      value={props.value}
      onChange={props.onChange}
      placeholder={props.placeholder ?? t('settings.searchPlaceholder')}
    />
  );
}
