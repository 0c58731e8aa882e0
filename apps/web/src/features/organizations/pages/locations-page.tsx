import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { hasPermission, useAuth } from '../../../lib/auth-store.ts';
import { locationsListQuery } from '../api/organizations.ts';
import { ListState, linkClass, searchClass, Table, Th } from '../components/ui.tsx';

/** /locations: the caller's own organization's, their member locations, or all (locations_view_all). */
export function LocationsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery(locationsListQuery({ q: query || undefined, page }));
  const canEdit = hasPermission(user, 'locations_edit');
  const canSeeOrgs = hasPermission(user, 'organization_view', 'organization_view_all');

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(q.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [q]);

  const rows = list.data?.data ?? [];
  return (
    <Page title={t('organizations.locationsTitle')} subtitle={t('organizations.locationsSubtitle')}>
      <label className="mb-4 block max-w-md">
        <span className="block text-xs font-medium text-slate-600 dark:text-slate-300">
          {t('organizations.locationsSearch')}
        </span>
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('organizations.locationsSearchPlaceholder')}
          className={searchClass}
        />
      </label>
      <ListState
        pending={list.isPending}
        error={list.isError}
        empty={rows.length === 0}
        loadingLabel={t('organizations.locationsLoading')}
        errorLabel={t('organizations.locationsError')}
        emptyTitle={t('organizations.locationsEmptyTitle')}
        emptyBody={t('organizations.locationsEmptyBody')}
        onRetry={() => void list.refetch()}
      >
        <Table
          caption={t('organizations.locationsTitle')}
          head={
            <>
              <Th>{t('organizations.locationName')}</Th>
              <Th>{t('organizations.organization')}</Th>
              <Th>{t('organizations.address')}</Th>
              <Th>{t('organizations.phone')}</Th>
              <Th>{t('organizations.timezone')}</Th>
              <Th>{t('organizations.smartControllers')}</Th>
            </>
          }
        >
          {rows.map((l) => (
            <tr key={l.id}>
              <td className="px-3 py-2">
                {canEdit ? (
                  <Link to="/locations/$locationId/edit" params={{ locationId: String(l.id) }} className={linkClass}>
                    {l.name}
                  </Link>
                ) : (
                  <span className="font-medium">{l.name}</span>
                )}
              </td>
              <td className="px-3 py-2">
                {canSeeOrgs ? (
                  <Link to="/organizations/$id/view" params={{ id: String(l.organisation.id) }} className={linkClass}>
                    {l.organisation.name}
                  </Link>
                ) : (
                  l.organisation.name
                )}
              </td>
              <td className="px-3 py-2">
                {[l.address_line_1, l.address_line_2, l.city, l.state, l.zip].filter(Boolean).join(', ')}
              </td>
              <td className="px-3 py-2">
                {l.phone ? (
                  <a href={`tel:${l.phone.replace(/[^+0-9]/g, '')}`} className={linkClass}>
                    {l.phone}
                  </a>
                ) : (
                  '—'
                )}
              </td>
              <td className="px-3 py-2">{l.timezone}</td>
              <td className="px-3 py-2 tabular-nums">{l.controllers_count}</td>
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
