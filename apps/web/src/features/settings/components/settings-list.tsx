import type { ListMeta } from '@rcm/shared/pagination';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, type RegisteredRouter, type ValidateLinkOptions } from '@tanstack/react-router';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/pagination.tsx';
import { linkClass } from '../../../components/ui/button.ts';
import { actionsColumn, type Column, DataTable } from '../../../components/ui/data-table.tsx';
import { SearchBox } from './settings-layout.tsx';

/** A settings list's search text and page; a new search goes back to the first page. */
export function useSettingsSearch() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const deferred = useDeferredValue(q);
  return {
    q,
    page,
    setPage,
    /** The list query's parameters: the search as typed once React has caught up with it. */
    params: { q: deferred || undefined, page },
    search: (value: string) => {
      setQ(value);
      setPage(1);
    },
  };
}

type SettingsSearch = ReturnType<typeof useSettingsSearch>;

/**
 * A settings section's list: its search box, the table (loading, error, empty in settings' words) with
 * the row's actions last (at the foot of its card on a phone), and its pages.
 */
export function SettingsList<T>(props: {
  title: string;
  search: SettingsSearch;
  placeholder?: string;
  query: UseQueryResult<{ data: T[]; meta: ListMeta }>;
  rowKey: (row: T) => string | number;
  emptyBody: string;
  columns: Column<T>[];
  actions: (row: T) => ReactNode;
  /** Classes of the actions' cell in the table. */
  actionsClassName?: string;
}) {
  const { t } = useTranslation();
  const { query } = props;
  const actions = actionsColumn(t('settings.users.actions'), props.actions, props.actionsClassName ?? 'text-right');
  return (
    <>
      <SearchBox value={props.search.q} placeholder={props.placeholder} onChange={props.search.search} />
      <DataTable
        caption={props.title}
        rows={query.data?.data ?? []}
        rowKey={props.rowKey}
        pending={query.isPending}
        error={query.isError}
        onRetry={() => void query.refetch()}
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
