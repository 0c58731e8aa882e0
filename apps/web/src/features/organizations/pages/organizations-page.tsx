import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { primaryButton } from '../../../components/ui/button.ts';
import { hasPermission, useAuth } from '../../../lib/auth-store.ts';
import { organizationsListQuery } from '../api/organizations.ts';
import { ListState, linkClass, searchClass, Table, Th } from '../components/ui.tsx';

/** /organizations: every organization (view_all) or one's own, with their counts. */
export function OrganizationsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery(organizationsListQuery({ q: query || undefined, page }));

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(q.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [q]);

  const rows = list.data?.data ?? [];
  return (
    <Page
      title={t('organizations.listTitle')}
      subtitle={t('organizations.listSubtitle')}
      actions={
        hasPermission(user, 'organization_create') ? (
          <Link to="/organizations/create" className={primaryButton}>
            {t('organizations.create')}
          </Link>
        ) : null
      }
    >
      <label className="mb-4 block max-w-md">
        <span className="block text-xs font-medium text-slate-600 dark:text-slate-300">
          {t('organizations.searchLabel')}
        </span>
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('organizations.searchPlaceholder')}
          className={searchClass}
        />
      </label>
      <ListState
        pending={list.isPending}
        error={list.isError}
        empty={rows.length === 0}
        loadingLabel={t('organizations.loading')}
        errorLabel={t('organizations.loadError')}
        emptyTitle={t('organizations.emptyTitle')}
        emptyBody={t('organizations.emptyBody')}
        onRetry={() => void list.refetch()}
      >
        <Table
          caption={t('organizations.listTitle')}
          head={
            <>
              <Th>{t('organizations.name')}</Th>
              <Th>{t('organizations.smartControllers')}</Th>
              <Th>{t('organizations.locations')}</Th>
              <Th>{t('organizations.members')}</Th>
            </>
          }
        >
          {rows.map((o) => (
            <tr key={o.id}>
              <td className="px-3 py-2">
                <Link to="/organizations/$id/view" params={{ id: String(o.id) }} className={linkClass}>
                  {o.name}
                </Link>
              </td>
              <td className="px-3 py-2 tabular-nums">{o.controllers_count}</td>
              <td className="px-3 py-2 tabular-nums">{o.locations_count}</td>
              <td className="px-3 py-2 tabular-nums">{o.members_count}</td>
            </tr>
          ))}
        </Table>
        {list.data ? (
          <div className="mt-4">
            <Pagination
              page={list.data.meta.page}
              lastPage={list.data.meta.last_page}
              total={list.data.meta.total}
              onPage={setPage}
            />
          </div>
        ) : null}
      </ListState>
    </Page>
  );
}
