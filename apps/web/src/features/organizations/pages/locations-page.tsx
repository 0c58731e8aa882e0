import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page.tsx';
import { ListPagination } from '@/components/pagination.tsx';
import { linkClass } from '@/components/ui/button.ts';
import { DataTable } from '@/components/ui/data-table.tsx';
import { SearchBox, useListSearch } from '@/components/ui/filter-controls.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { userCan } from '@/lib/user-can.ts';
import { locationsListQuery } from '../api/organizations.ts';
import { AddLocationButton } from '../components/add-location-button.tsx';
import { PhoneLink } from '../components/ui.tsx';

/** /locations: the caller's own organization's, their member locations, or all (locations_view_all). */
export function LocationsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const search = useListSearch();
  const list = useQuery(locationsListQuery(search.params));
  const canEdit = userCan(user, 'location.edit');
  const canSeeOrgs = userCan(user, 'organization.list');

  const rows = list.data?.data ?? [];
  // No location at all (not merely none matching the search): the first step is adding one.
  const none = !search.q && list.data?.meta.total === 0 && userCan(user, 'location.create');
  return (
    <Page
      title={t('organizations.locationsTitle')}
      subtitle={t('organizations.locationsSubtitle')}
      actions={<AddLocationButton />}
    >
      <SearchBox
        label={t('organizations.locationsSearch')}
        value={search.q}
        onChange={search.setQ}
        placeholder={t('organizations.locationsSearchPlaceholder')}
      />
      <DataTable
        caption={t('organizations.locationsTitle')}
        rows={rows}
        rowKey={(l) => l.id}
        query={list}
        loadingLabel={t('organizations.locationsLoading')}
        errorLabel={t('organizations.locationsError')}
        emptyTitle={none ? t('onboarding.locationsEmptyTitle') : t('organizations.locationsEmptyTitle')}
        emptyBody={none ? t('onboarding.locationsEmptyBody') : t('organizations.locationsEmptyBody')}
        columns={[
          {
            key: 'name',
            header: t('organizations.locationName'),
            cell: (l) =>
              canEdit ? (
                <Link to="/locations/$locationId/edit" params={{ locationId: String(l.id) }} className={linkClass}>
                  {l.name}
                </Link>
              ) : (
                <span className="font-medium">{l.name}</span>
              ),
          },
          {
            key: 'organization',
            header: t('organizations.organization'),
            cell: (l) =>
              canSeeOrgs ? (
                <Link to="/organizations/$id/view" params={{ id: String(l.organisation.id) }} className={linkClass}>
                  {l.organisation.name}
                </Link>
              ) : (
                l.organisation.name
              ),
          },
          {
            key: 'address',
            header: t('organizations.address'),
            cell: (l) => [l.address_line_1, l.address_line_2, l.city, l.state, l.zip].filter(Boolean).join(', '),
          },
          {
            key: 'phone',
            header: t('organizations.phone'),
            cell: (l) => <PhoneLink phone={l.phone} />,
          },
          { key: 'timezone', header: t('organizations.timezone'), cell: (l) => l.timezone },
          {
            key: 'controllers',
            header: t('organizations.smartControllers'),
            className: 'tabular-nums',
            cell: (l) => l.controllers_count,
          },
        ]}
      />
      <ListPagination meta={rows.length > 0 ? list.data?.meta : undefined} onPage={search.setPage} />
    </Page>
  );
}
