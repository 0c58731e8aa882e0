import type { AuthUser } from '@rcm/shared/auth';
import type { ListMeta } from '@rcm/shared/pagination';
import { isAdministrator } from '@rcm/shared/permissions';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, Navigate, type RegisteredRouter, type ValidateLinkOptions } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth-store.ts';
import { userCan } from '@/lib/user-can.ts';
import { Page, Spinner } from './page.tsx';
import { ListPagination } from './pagination.tsx';
import { linkClass } from './ui/button.ts';
import { actionsColumn, type Column, DataTable } from './ui/data-table.tsx';
import type { ListSearch } from './ui/filter-controls.tsx';
import { SearchBox as SharedSearchBox } from './ui/filter-controls.tsx';

export const SETTINGS_SECTIONS = [
  { to: '/settings/users', key: 'users' },
  { to: '/settings/teams', key: 'teams' },
  { to: '/settings/roles', key: 'roles' },
  { to: '/settings/alarm-types', key: 'alarmTypes' },
  { to: '/settings/job-categories', key: 'jobCategories' },
  { to: '/settings/on-call', key: 'oncall' },
  { to: '/settings/webhooks', key: 'webhooks' },
  { to: '/settings/api-tokens', key: 'apiTokens', action: 'settings.edit' },
  { to: '/settings/single-sign-on', key: 'sso', action: 'settings.edit' },
  { to: '/settings/audit-log', key: 'auditLog' },
  { to: '/settings/backups', key: 'backups', action: 'backup.manage' },
  { to: '/settings/email', key: 'email', administrator: true },
] as const;

/**
 * The sections the user may open (backups: only holders of backups_manage; email: only administrators
 * of the installation).
 */
export function settingsSectionsFor(user: AuthUser | null) {
  return SETTINGS_SECTIONS.filter((s) => {
    if ('administrator' in s) return !!user && isAdministrator(user.permissions);
    return !('action' in s) || userCan(user, s.action);
  });
}

export const cardClass = 'rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900';

/** Every settings page: its title, the section links, then the page. */
export function SettingsLayout(props: { title: string; subtitle?: string; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  // settings_view removed while the page is open (auth.changed): leave at once, as the guard would.
  if (user && !userCan(user, 'settings.view')) return <Navigate to="/403" />;
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

/**
 * A settings section's list: its search box, the table (loading, error, empty in settings' words) with
 * the row's actions last (at the foot of its card on a phone), and its pages.
 */
type SettingsListProps<T> = {
  title: string;
  search: ListSearch;
  placeholder?: string;
  query: UseQueryResult<{ data: T[]; meta: ListMeta }>;
  rowKey: (row: T) => string | number;
  emptyBody: string;
  columns: Column<T>[];
  actions: (row: T) => ReactNode;
  /** Classes of the actions' cell in the table. */
  actionsClassName?: string;
};

export function SettingsList<T>(props: SettingsListProps<T>) {
  const { t } = useTranslation();
  const { query } = props;
  const actions = actionsColumn(t('settings.users.actions'), props.actions, props.actionsClassName ?? 'text-right');
  return (
    <>
      <SearchBox value={props.search.q} placeholder={props.placeholder} onChange={props.search.setQ} />
      <DataTable
        caption={props.title}
        rows={query.data?.data ?? []}
        rowKey={props.rowKey}
        query={query}
        loadingLabel={t('settings.loading')}
        errorLabel={t('settings.loadError')}
        emptyTitle={props.title}
        emptyBody={props.emptyBody}
        columns={[...props.columns, actions]}
      />
      <ListPagination meta={query.data?.meta} onPage={props.search.setPage} />
    </>
  );
}

/** A row's "Edit" link, named after the row; `link` is checked against the router's routes where it is written. */
export function EditLink<TOptions>(props: {
  link: ValidateLinkOptions<RegisteredRouter, TOptions>;
  name: string;
}): ReactNode;
export function EditLink(props: { link: ValidateLinkOptions; name: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <Link {...props.link} className={linkClass} aria-label={`${t('settings.edit')} ${props.name}`}>
      {t('settings.edit')}
    </Link>
  );
}

/** A settings list and, for those who may add to it, the card beside it with the form that does. */
export function ListBesideForm(props: {
  children: ReactNode;
  form: { id: string; title: string; body: ReactNode } | null;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="lg:col-span-2">{props.children}</div>
      {props.form ? (
        <section aria-labelledby={props.form.id} className={`h-fit p-5 ${cardClass}`}>
          <h2 id={props.form.id} className="mb-4 text-base font-semibold">
            {props.form.title}
          </h2>
          {props.form.body}
        </section>
      ) : null}
    </div>
  );
}

/**
 * A settings section that is one list (`title` names the page and its table) and, for those who may
 * edit it (`canEdit`; the others are told the page is read-only), the form beside it that adds to it.
 */
export function SettingsListPage<T>(
  props: SettingsListProps<T> & { canEdit: boolean; form: { id: string; title: string; body: ReactNode } },
) {
  const { t } = useTranslation();
  const { canEdit, form, ...list } = props;
  return (
    <SettingsLayout title={props.title} subtitle={canEdit ? undefined : t('settings.readOnly')}>
      <ListBesideForm form={canEdit ? form : null}>
        <SettingsList {...list} />
      </ListBesideForm>
    </SettingsLayout>
  );
}
