import type { AlarmSummary } from '@rcm/shared/alarms';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Page, Spinner } from '@/components/page.tsx';
import { Pagination } from '@/components/pagination.tsx';
import { secondaryButton } from '@/components/ui/button.ts';
import type { AlarmFilters } from '@/features/alarms/index.ts';
import {
  AlarmFiltersBar,
  AlarmTable,
  AlertSettingsButton,
  alertNewAlarm,
  BulkActions,
  FirstSteps,
  FloodBanner,
  HeldAlarms,
  QuickFilters,
  quickFilterOf,
  quickFilterSearch,
  StatTiles,
  type TileKey,
  typeName,
  useLiveAlarms,
} from '@/features/alarms/index.ts';
import { anyControllerQuery, OfflineControllers } from '@/features/controllers/index.ts';
import { OnCallNow, PagingWarnings } from '@/features/oncall/index.ts';
import { useAuth } from '@/lib/auth-store.ts';
import { usePhone } from '@/lib/media.ts';
import { userCan } from '@/lib/user-can.ts';
import { dashboardQueries } from '../api/dashboard-reads.ts';

const HIGHLIGHT_MS = 8000;

function tileOf(f: AlarmFilters): TileKey | null {
  if (f.status === 'active' && f.warranty === 'true') return 'warranty';
  if (!f.warranty && (f.status === 'active' || f.status === 'acknowledged' || f.status === 'cleared')) return f.status;
  return null;
}

/** The dashboard needs no permission; its alarms need alarms_view, and without it it says so. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!userCan(user, 'alarm.view'))
    return (
      <Page title={t('dashboard.title')}>
        <EmptyState title={t('dashboard.noAccessTitle')} body={t('dashboard.noAccessBody')} />
      </Page>
    );
  return <AlarmDashboard />;
}

/** The live alarm table with filters in the URL, stat tiles, bulk actions. */
function AlarmDashboard() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate({ from: '/' });
  const { user } = useAuth();
  const search = useSearch({ from: '/' });
  // On a phone, without filters of its own, the list shows active alarms with critical on top.
  const phoneFirst = usePhone();
  const queries = dashboardQueries(search, user?.id, phoneFirst);
  const filters = queries.filters;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [highlighted, setHighlighted] = useState<Set<number>>(new Set());
  // On a phone the alarms come first: the tiles are compact and the filters wait behind a button.
  const phone = phoneFirst;
  const [filtersOpen, setFiltersOpen] = useState(false);
  // On a phone the filters' options (organizations, locations, alarm types) are asked for when the
  // panel first opens, not with the alarms: most visits never open it.
  const [filtersOpened, setFiltersOpened] = useState(false);
  const list = useQuery(queries.list);
  const stats = useQuery(queries.stats);

  const update = (patch: Partial<AlarmFilters>) =>
    void navigate({ to: '/', search: (prev) => ({ ...prev, page: undefined, ...patch }) });

  const onRaised = useCallback(
    (alarm: AlarmSummary) => {
      const text = t('dashboard.newAlarm', {
        name: typeName(alarm.alarm_type, i18n.language),
        controller: alarm.controller.name ?? alarm.controller.mac_address,
      });
      alertNewAlarm(alarm, text);
      setHighlighted((prev) => new Set(prev).add(alarm.ref));
      setTimeout(() => setHighlighted((prev) => new Set([...prev].filter((r) => r !== alarm.ref))), HIGHLIGHT_MS);
    },
    [t, i18n.language],
  );
  useLiveAlarms(onRaised);

  const rows = list.data?.data ?? [];
  // Asked only when no alarm is listed: an installation without controllers says what to do next.
  const controllers = useQuery({
    ...anyControllerQuery(),
    enabled: list.data?.meta.total === 0 && userCan(user, 'controller.list'),
  });
  const noController = controllers.data === false;
  const meta = list.data?.meta;
  const filterCount = [
    'status',
    'severity',
    'type',
    'warranty',
    'offline',
    'organization_id',
    'location_id',
    'paged_user_id',
  ].filter((k) => filters[k as keyof AlarmFilters]).length;
  const hasFilters = filterCount > 0;
  const toggle = (ref: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(ref)) next.delete(ref);
      else next.add(ref);
      return next;
    });
  const togglePage = (on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const r of rows) {
        if (on) next.add(r.ref);
        else next.delete(r.ref);
      }
      return next;
    });
  const selectTile = (tile: TileKey) =>
    update(tile === 'warranty' ? { status: 'active', warranty: 'true' } : { status: tile, warranty: undefined });

  return (
    <Page
      title={t('dashboard.title')}
      actions={
        <span className="inline-flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <span className="size-2 animate-pulse rounded-full bg-emerald-600" aria-hidden="true" />
          {t('dashboard.live')}
        </span>
      }
    >
      <StatTiles stats={stats.data} selected={tileOf(filters)} onSelect={selectTile} compact={phone} />
      <HeldAlarms stats={stats.data} onShow={(status) => update({ status, warranty: undefined })} />
      <FloodBanner />
      {/* On a phone the alarms come first: the paging warnings follow them. */}
      {phone ? null : <PagingWarnings />}
      {phone ? null : <OnCallNow />}
      {phone && user ? (
        <QuickFilters
          current={quickFilterOf(filters, user.id)}
          onPick={(quick) => update(quickFilterSearch(quick, user.id))}
        />
      ) : null}
      {phone ? (
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls="dashboard-filters"
            onClick={() => {
              setFiltersOpen((open) => !open);
              setFiltersOpened(true);
            }}
            className={secondaryButton}
          >
            {hasFilters ? t('dashboard.filtersCount', { count: filterCount }) : t('dashboard.filters')}
            <span aria-hidden="true" className="ml-1">
              {filtersOpen ? '▴' : '▾'}
            </span>
          </button>
          <OfflineControllers
            filtering={filters.offline === 'true'}
            onFilter={(on) => update({ offline: on ? 'true' : undefined })}
            canList={userCan(user, 'controller.list')}
          />
          <AlertSettingsButton />
        </div>
      ) : null}
      <div
        id="dashboard-filters"
        hidden={phone && !filtersOpen}
        className="mt-6 flex flex-wrap items-end justify-between gap-3"
      >
        {filtersOpened || !phone ? <AlarmFiltersBar filters={filters} onChange={update} /> : null}
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            disabled={!hasFilters}
            onClick={() => void navigate({ to: '/', search: {} })}
            className="rounded-md px-3 py-1.5 text-sm font-medium text-blue-700 hover:underline disabled:text-slate-500 disabled:no-underline dark:text-blue-300"
          >
            {t('dashboard.clearFilters')}
          </button>
          {phone ? null : (
            <OfflineControllers
              filtering={filters.offline === 'true'}
              onFilter={(on) => update({ offline: on ? 'true' : undefined })}
              canList={userCan(user, 'controller.list')}
            />
          )}
          <BulkActions
            selected={[...selected]}
            rows={rows}
            filters={filters}
            stats={stats.data}
            onDone={() => setSelected(new Set())}
          />
          {phone ? null : <AlertSettingsButton />}
        </div>
      </div>
      <div className="mt-3 flex items-center gap-4 text-sm sm:min-h-6">
        {/* While other filters' alarms load, beside the previous ones; a refresh in the background (an
            event, the socket listening) changes nothing on the screen until its answer is in. */}
        {list.isPlaceholderData ? <Spinner label={t('dashboard.filtering')} /> : null}
        {selected.size > 0 ? <span>{t('dashboard.selected', { count: selected.size })}</span> : null}
      </div>
      <div className="mt-2">
        {list.isPending ? (
          <Spinner label={t('dashboard.filtering')} />
        ) : list.isError ? (
          <div role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-800 dark:bg-red-950 dark:text-red-100">
            {t('dashboard.loadError')}{' '}
            <button type="button" className="font-medium underline" onClick={() => void list.refetch()}>
              {t('dashboard.retry')}
            </button>
          </div>
        ) : rows.length === 0 ? (
          noController ? (
            <FirstSteps />
          ) : (
            <EmptyState title={t('dashboard.emptyTitle')} body={t('dashboard.emptyBody')} />
          )
        ) : (
          <AlarmTable
            rows={rows}
            sort={filters.sort ?? '-raised_at'}
            onSort={(sort) => update({ sort })}
            selected={selected}
            onToggle={toggle}
            onTogglePage={togglePage}
            highlighted={highlighted}
          />
        )}
      </div>
      {meta && meta.total > 0 ? (
        <div className="mt-4">
          <Pagination
            meta={meta}
            onPage={(page) => void navigate({ to: '/', search: (prev) => ({ ...prev, page }) })}
          />
        </div>
      ) : null}
      {/* Only below a loaded list: shown before it, the list arriving would push it off the screen. */}
      {phone && !list.isPending ? <PagingWarnings /> : null}
      {phone && !list.isPending ? <OnCallNow /> : null}
    </Page>
  );
}
