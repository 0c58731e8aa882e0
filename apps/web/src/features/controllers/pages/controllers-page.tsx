import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { WarrantyBadge } from '../../../components/badges.tsx';
import { Page } from '../../../components/page.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { OnlineStatus } from '../../../components/status-dot.tsx';
import { linkClass, primaryButton } from '../../../components/ui/button.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { FilterBar, FilterSelect, useSearchText } from '../../../components/ui/filter-controls.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { localToday } from '../../../lib/format.ts';
import { userCan } from '../../../lib/user-can.ts';
import { type ControllerFilters, controllersQuery, organizationsQuery } from '../api/controllers.ts';

/** /controllers: search, filters in the URL, status at a glance. */
export function ControllersPage() {
  const today = localToday();
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate({ from: '/controllers' });
  const filters = useSearch({ from: '/controllers' });
  const list = useQuery(controllersQuery(filters));
  const orgs = useQuery({ ...organizationsQuery(), enabled: userCan(user, 'organization.viewAll') });
  const update = (patch: Partial<ControllerFilters>) =>
    void navigate({
      to: '/controllers',
      search: (prev) => ({ ...prev, page: undefined, ...patch }),
    });
  const [q, setQ] = useSearchText(filters.q, (text) => update({ q: text }));

  const any: [string, string] = ['', t('dashboard.any')];
  const rows = list.data?.data ?? [];
  const canConnect = userCan(user, 'controller.authorize');
  // No controller at all (not merely none matching): say how the first one gets here.
  const filtered = Object.entries(filters).some(
    ([k, v]) => k !== 'page' && k !== 'sort' && v !== undefined && v !== '',
  );
  const none = !filtered && list.data?.meta.total === 0;
  const connect = (
    <Link to="/controllers/connect" className={primaryButton}>
      {t('onboarding.connect')}
    </Link>
  );
  return (
    <Page title={t('controllers.title')} actions={canConnect ? connect : undefined}>
      <FilterBar
        search={{ label: t('controllers.search'), value: q, onChange: setQ, placeholder: t('controllers.searchHint') }}
      >
        {orgs.data ? (
          <FilterSelect
            className="block min-w-36"
            label={t('controllers.organization')}
            value={String(filters.organization_id ?? '')}
            onChange={(v) => update({ organization_id: v ? Number(v) : undefined })}
            options={[any, ...orgs.data.map((o) => [String(o.id), o.name] as [string, string])]}
          />
        ) : null}
        <FilterSelect
          className="block min-w-36"
          label={t('controllers.status')}
          value={filters.online ?? ''}
          onChange={(v) => update({ online: (v || undefined) as ControllerFilters['online'] })}
          options={[any, ['true', t('controllers.online')], ['false', t('controllers.offline')]]}
        />
        {userCan(user, 'controller.pending.view') ? (
          <FilterSelect
            className="block min-w-36"
            label={t('controllers.authorisation')}
            value={filters.authorised ?? ''}
            onChange={(v) => update({ authorised: (v || undefined) as ControllerFilters['authorised'] })}
            options={[any, ['true', t('controllers.authorised')], ['false', t('pending.status')]]}
          />
        ) : null}
        <FilterSelect
          className="block min-w-36"
          label={t('dashboard.warranty')}
          value={filters.warranty ?? ''}
          onChange={(v) => update({ warranty: (v || undefined) as ControllerFilters['warranty'] })}
          options={[any, ['true', t('dashboard.inWarranty')], ['false', t('dashboard.outOfWarranty')]]}
        />
      </FilterBar>
      <div className="mt-4">
        <DataTable
          caption={t('controllers.title')}
          rows={rows}
          rowKey={(c) => c.id}
          pending={list.isPending}
          error={list.isError}
          onRetry={() => void list.refetch()}
          errorLabel={t('errors.generic')}
          emptyTitle={none ? t('onboarding.noControllersTitle') : t('controllers.emptyTitle')}
          emptyBody={
            none
              ? t(canConnect ? 'onboarding.noControllersBody' : 'onboarding.noControllersAsk')
              : t('controllers.emptyBody')
          }
          emptyAction={none && canConnect ? <div className="mt-4">{connect}</div> : undefined}
          columns={[
            {
              key: 'controller',
              header: t('dashboard.controller'),
              cell: (c) => (
                <>
                  {c.authorised ? (
                    <Link
                      to="/controllers/$controllerId/view"
                      params={{ controllerId: String(c.id) }}
                      className={linkClass}
                    >
                      {c.name ?? c.mac_address}
                    </Link>
                  ) : (
                    <Link to="/controllers/$id/authorise" params={{ id: String(c.id) }} className={linkClass}>
                      {c.name ?? t('pending.unnamed')} · {t('pending.status')}
                    </Link>
                  )}
                  <span className="block font-mono text-xs font-normal text-slate-600 dark:text-slate-300">
                    {c.mac_address}
                  </span>
                </>
              ),
            },
            { key: 'storeAlias', header: t('controllers.storeAlias'), cell: (c) => c.store_alias ?? '—' },
            {
              key: 'location',
              header: t('controllers.location'),
              cell: (c) => (
                <>
                  {c.location?.name ?? '—'}
                  <span className="block text-xs text-slate-600 dark:text-slate-300">{c.organisation?.name ?? ''}</span>
                </>
              ),
            },
            {
              key: 'status',
              header: t('controllers.status'),
              cell: (c) => <OnlineStatus online={c.online} lastSeenAt={c.last_seen_at} />,
            },
            {
              key: 'activeAlarms',
              header: t('controllers.activeAlarms'),
              cell: (c) =>
                c.active_alarms > 0 ? (
                  <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
                    {c.active_alarms}
                  </span>
                ) : (
                  <span className="text-slate-600 dark:text-slate-300">0</span>
                ),
            },
            {
              key: 'warranty',
              header: t('controllers.warrantyExpiry'),
              cell: (c) => <WarrantyBadge expiry={c.warranty_expiry} today={today} />,
            },
          ]}
        />
      </div>
      {list.data && list.data.meta.total > 0 ? (
        <div className="mt-4">
          <Pagination
            meta={list.data.meta}
            onPage={(page) => void navigate({ to: '/controllers', search: (prev) => ({ ...prev, page }) })}
          />
        </div>
      ) : null}
    </Page>
  );
}
