import { ASSET_TYPES, type Asset, WARRANTY_STATES } from '@rcm/shared/assets';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page.tsx';
import { Pagination } from '@/components/pagination.tsx';
import { linkClass, primaryButton } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { actionsColumn, DataTable } from '@/components/ui/data-table.tsx';
import { FilterBar, FilterSelect, useSearchText } from '@/components/ui/filter-controls.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { formatDay } from '@/lib/format.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { userCan } from '@/lib/user-can.ts';
import { type AssetFilters, assetOptionsQuery, assetsQuery, deleteAsset } from '../api/assets.ts';
import { assetsSearch } from '../api/assets-search.ts';
import { assetKeys } from '../api/keys.ts';
import { AssetDialog } from '../components/asset-dialog.tsx';
import { WarrantyCell } from '../components/warranty-badge.tsx';

/** /assets: the equipment register, filtered by location, type and warranty (filters in the URL). */
export function AssetsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate({ from: '/assets' });
  // The route's search also holds the URL's other params: only the validated ones are filters.
  const filters = assetsSearch(useSearch({ from: '/assets' }));
  const list = useQuery(assetsQuery(filters));
  const options = useQuery(assetOptionsQuery());
  const canEdit = userCan(user, 'asset.edit');
  const [editing, setEditing] = useState<Asset | 'new' | null>(null);
  const [removing, setRemoving] = useState<Asset | null>(null);
  const remove = useApiMutation({
    mutationFn: (asset: Asset) => deleteAsset(asset.id),
    invalidates: [assetKeys.all],
    onSuccess: (_, asset) => toast.success(t('assets.removed', { name: asset.name })),
  });
  const update = (patch: Partial<AssetFilters>) =>
    void navigate({ to: '/assets', search: { ...filters, page: undefined, ...patch } });
  const [q, setQ] = useSearchText(filters.q, (text) => update({ q: text }));

  const any: [string, string] = ['', t('assets.any')];
  const rows = list.data?.data ?? [];
  return (
    <Page
      title={t('assets.title')}
      subtitle={t('assets.subtitle')}
      actions={
        canEdit ? (
          <button type="button" onClick={() => setEditing('new')} disabled={!options.data} className={primaryButton}>
            {t('assets.newAsset')}
          </button>
        ) : null
      }
    >
      <FilterBar search={{ label: t('assets.search'), value: q, onChange: setQ, placeholder: t('assets.searchHint') }}>
        <FilterSelect
          label={t('assets.location')}
          value={String(filters.location_id ?? '')}
          onChange={(v) => update({ location_id: v ? Number(v) : undefined })}
          options={[any, ...(options.data?.locations ?? []).map((l) => [String(l.id), l.name] as [string, string])]}
        />
        <FilterSelect
          label={t('assets.type')}
          value={filters.type ?? ''}
          onChange={(v) => update({ type: v || undefined })}
          options={[any, ...ASSET_TYPES.map((v) => [v, t(`assets.types.${v}`)] as [string, string])]}
        />
        <FilterSelect
          label={t('assets.warranty')}
          value={filters.warranty ?? ''}
          onChange={(v) => update({ warranty: v || undefined })}
          options={[any, ...WARRANTY_STATES.map((v) => [v, t(`assets.warranties.${v}`)] as [string, string])]}
        />
      </FilterBar>
      <div className="mt-4">
        <DataTable
          caption={t('assets.table')}
          rows={rows}
          rowKey={(a) => a.id}
          rowClassName={(a) => (a.warranty === 'expiring' ? 'bg-amber-50 dark:bg-amber-950/40' : '')}
          query={list}
          errorLabel={t('assets.loadError')}
          emptyTitle={t('assets.emptyTitle')}
          emptyBody={t('assets.emptyBody')}
          columns={[
            { key: 'name', header: t('assets.name'), className: 'font-medium', cell: (a) => a.name },
            { key: 'type', header: t('assets.type'), cell: (a) => t(`assets.types.${a.type}`) },
            {
              key: 'location',
              header: t('assets.location'),
              cell: (a) => (
                <>
                  {a.location.name}
                  <span className="block text-xs text-slate-600 dark:text-slate-300">{a.organisation.name}</span>
                </>
              ),
            },
            {
              key: 'manufacturer',
              header: t('assets.manufacturer'),
              cell: (a) => (
                <>
                  {a.manufacturer || '—'}
                  <span className="block text-xs text-slate-600 dark:text-slate-300">{a.model}</span>
                </>
              ),
            },
            { key: 'serial', header: t('assets.serial'), className: 'font-mono text-xs', cell: (a) => a.serial || '—' },
            {
              key: 'installedAt',
              header: t('assets.installedAt'),
              className: 'tabular-nums',
              cell: (a) => formatDay(a.installed_at),
            },
            {
              key: 'warrantyExpiry',
              header: t('assets.warrantyExpiry'),
              cell: (a) => <WarrantyCell expiry={a.warranty_expiry} state={a.warranty} />,
            },
            {
              key: 'controller',
              header: t('assets.controller'),
              cell: (a) => (a.controller ? a.controller.name : '—'),
            },
            ...(canEdit
              ? [
                  actionsColumn(t('assets.actions'), (a: Asset) => (
                    <>
                      <button
                        type="button"
                        onClick={() => setEditing(a)}
                        disabled={!options.data}
                        aria-label={t('assets.editAsset', { name: `${a.name} · ${a.location.name}` })}
                        className={linkClass}
                      >
                        {t('assets.edit')}
                      </button>
                      <button
                        type="button"
                        onClick={() => setRemoving(a)}
                        aria-label={t('assets.removeAsset', { name: `${a.name} · ${a.location.name}` })}
                        className="ml-3 font-medium text-red-700 underline-offset-2 hover:underline dark:text-red-300"
                      >
                        {t('assets.remove')}
                      </button>
                    </>
                  )),
                ]
              : []),
          ]}
        />
      </div>
      {list.data && list.data.meta.total > 0 ? (
        <div className="mt-4">
          <Pagination
            meta={list.data.meta}
            onPage={(page) => void navigate({ to: '/assets', search: { ...filters, page } })}
          />
        </div>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('assets.removeTitle', { name: removing?.name ?? '' })}
        body={t('assets.removeBody', { name: removing?.name ?? '', location: removing?.location.name ?? '' })}
        confirmLabel={t('assets.removeConfirm')}
        destructive
        onConfirm={async () => {
          if (removing) await remove.run(removing);
        }}
      />
      {options.data ? (
        <AssetDialog
          open={editing !== null}
          asset={editing === 'new' ? null : editing}
          options={options.data}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Page>
  );
}
