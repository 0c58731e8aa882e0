import type { ControllerListItem, GatewayStatusView } from '@rcm/shared/controllers';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WarrantyBadge } from '@/components/badges.tsx';
import { Page } from '@/components/page.tsx';
import { Pagination } from '@/components/pagination.tsx';
import { OnlineStatus } from '@/components/status-dot.tsx';
import { linkClass, primaryButton, secondaryButton } from '@/components/ui/button.ts';
import { DataTable } from '@/components/ui/data-table.tsx';
import { FilterBar, FilterSelect, useSearchText } from '@/components/ui/filter-controls.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { localToday } from '@/lib/format.ts';
import { userCan } from '@/lib/user-can.ts';
import { type ControllerFilters, controllerQuery, controllersQuery, organizationsQuery } from '../api/controllers.ts';
import { ControllerLink } from '../components/controller-link.tsx';
import { ChildState, LastGoodPoll } from '../gateways/child-state.tsx';
import { groupRows } from '../gateways/group-rows.ts';

/** The most children shown under a gateway in the list; its page lists them all. */
const CHILDREN_SHOWN = 100;

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
  // The gateways whose children are shown under them: their children and their status (state, last poll).
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const shownGateways = (list.data?.data ?? []).filter((c) => c.kind === 'gateway' && open.has(c.id)).map((c) => c.id);
  const groups = useQueries({
    queries: shownGateways.flatMap((id) => [
      controllersQuery({ gateway_id: id, per_page: CHILDREN_SHOWN }),
      controllerQuery(id),
    ]),
  });
  const expanded = new Map(
    shownGateways.flatMap((id, i) => {
      const children = groups[2 * i]?.data as { data: ControllerListItem[]; meta: { total: number } } | undefined;
      const detail = groups[2 * i + 1]?.data as { gateway_status: GatewayStatusView | null } | undefined;
      return children
        ? [[id, { children: children.data, total: children.meta.total, status: detail?.gateway_status ?? null }]]
        : [];
    }),
  );

  const any: [string, string] = ['', t('dashboard.any')];
  const rows = groupRows(list.data?.data ?? [], expanded);
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
          rowKey={(r) => r.c.id}
          rowClassName={(r) => (r.polled !== undefined ? 'bg-slate-50/60 dark:bg-slate-800/40' : '')}
          cardClassName={(r) => (r.polled !== undefined ? 'ml-4' : '')}
          query={list}
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
              cell: ({ c, polled }) => (
                <div className={polled !== undefined ? 'border-l-2 border-slate-300 pl-3 dark:border-slate-600' : ''}>
                  {c.authorised ? (
                    <ControllerLink controller={c} />
                  ) : (
                    <Link to="/controllers/$id/authorise" params={{ id: String(c.id) }} className={linkClass}>
                      {c.name ?? t('pending.unnamed')} · {t('pending.status')}
                    </Link>
                  )}
                  {c.gateway ? (
                    <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
                      {t('gateways.childOf', {
                        unit: c.device_address ?? '—',
                        bus: c.bus ?? '—',
                        model: c.device_model ?? '—',
                      })}
                      {polled === undefined ? (
                        <>
                          {' · '}
                          {t('gateways.onGatewayName', { name: c.gateway.name ?? c.gateway.mac_address })}
                        </>
                      ) : null}
                    </span>
                  ) : (
                    <span className="block font-mono text-xs font-normal text-slate-600 dark:text-slate-300">
                      {c.mac_address}
                    </span>
                  )}
                  {c.kind === 'gateway' ? (
                    <span className="mt-1 flex flex-wrap items-center gap-2 font-normal">
                      <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-900 dark:bg-blue-900/40 dark:text-blue-100">
                        {t('gateways.kind')}
                      </span>
                      {c.authorised ? (
                        <button
                          type="button"
                          className={`${secondaryButton} !px-2 !py-0.5 text-xs`}
                          aria-expanded={open.has(c.id)}
                          onClick={() => toggle(c.id)}
                        >
                          {open.has(c.id) ? t('gateways.hideChildren') : t('gateways.showChildren')}
                          <span className="sr-only"> · {c.name ?? c.mac_address}</span>
                        </button>
                      ) : null}
                      {(expanded.get(c.id)?.total ?? 0) > CHILDREN_SHOWN ? (
                        <Link
                          to="/controllers/$controllerId/view"
                          params={{ controllerId: String(c.id) }}
                          className={`text-xs ${linkClass}`}
                        >
                          {t('gateways.allChildren', { count: expanded.get(c.id)?.total ?? 0 })}
                        </Link>
                      ) : null}
                    </span>
                  ) : null}
                </div>
              ),
            },
            { key: 'storeAlias', header: t('controllers.storeAlias'), cell: ({ c }) => c.store_alias ?? '—' },
            {
              key: 'location',
              header: t('controllers.location'),
              cell: ({ c }) => (
                <>
                  {c.location?.name ?? '—'}
                  <span className="block text-xs text-slate-600 dark:text-slate-300">{c.organisation?.name ?? ''}</span>
                </>
              ),
            },
            {
              key: 'status',
              header: t('controllers.status'),
              cell: ({ c, polled }) =>
                polled !== undefined ? (
                  // Under its gateway: the state its last poll read and when it last answered.
                  <span className="inline-flex flex-col">
                    <ChildState online={c.online} state={polled?.state ?? null} reason={c.offline_reason} />
                    <span className="text-xs text-slate-600 dark:text-slate-300">
                      {t('gateways.lastGoodPoll')}: <LastGoodPoll at={polled?.last_good_poll ?? null} />
                    </span>
                  </span>
                ) : (
                  <>
                    <OnlineStatus online={c.online} lastSeenAt={c.last_seen_at} />
                    {!c.online && c.offline_reason ? (
                      <span className="block">
                        <ChildState online={false} state={null} reason={c.offline_reason} />
                      </span>
                    ) : null}
                  </>
                ),
            },
            {
              key: 'activeAlarms',
              header: t('controllers.activeAlarms'),
              cell: ({ c }) =>
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
              cell: ({ c }) => <WarrantyBadge expiry={c.warranty_expiry} today={today} />,
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
