import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page.tsx';
import { ListPagination } from '@/components/pagination.tsx';
import { linkClass, primaryButton } from '@/components/ui/button.ts';
import { DataTable } from '@/components/ui/data-table.tsx';
import { SearchBox, useListSearch } from '@/components/ui/filter-controls.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { userCan } from '@/lib/user-can.ts';
import { organizationsListQuery } from '../api/organizations.ts';

/** /organizations: every organization (view_all) or one's own, with their counts. */
export function OrganizationsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const search = useListSearch();
  const list = useQuery(organizationsListQuery(search.params));

  const rows = list.data?.data ?? [];
  return (
    <Page
      title={t('organizations.listTitle')}
      subtitle={t('organizations.listSubtitle')}
      actions={
        userCan(user, 'organization.create') ? (
          <Link to="/organizations/create" className={primaryButton}>
            {t('organizations.create')}
          </Link>
        ) : null
      }
    >
      <SearchBox
        label={t('organizations.searchLabel')}
        value={search.q}
        onChange={search.setQ}
        placeholder={t('organizations.searchPlaceholder')}
      />
      <DataTable
        caption={t('organizations.listTitle')}
        rows={rows}
        rowKey={(o) => o.id}
        query={list}
        loadingLabel={t('organizations.loading')}
        errorLabel={t('organizations.loadError')}
        emptyTitle={t('organizations.emptyTitle')}
        emptyBody={t('organizations.emptyBody')}
        columns={[
          {
            key: 'name',
            header: t('organizations.name'),
            cell: (o) => (
              <Link to="/organizations/$id/view" params={{ id: String(o.id) }} className={linkClass}>
                {o.name}
              </Link>
            ),
          },
          {
            key: 'controllers',
            header: t('organizations.smartControllers'),
            className: 'tabular-nums',
            cell: (o) => o.controllers_count,
          },
          {
            key: 'locations',
            header: t('organizations.locations'),
            className: 'tabular-nums',
            cell: (o) => o.locations_count,
          },
          {
            key: 'members',
            header: t('organizations.members'),
            className: 'tabular-nums',
            cell: (o) => o.members_count,
          },
        ]}
      />
      <ListPagination meta={rows.length > 0 ? list.data?.meta : undefined} onPage={search.setPage} />
    </Page>
  );
}
