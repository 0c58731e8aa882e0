import { AVAILABILITIES, INVENTORY_SORTS, type InventoryItem, ITEM_TYPES } from '@rcm/shared/inventory';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page.tsx';
import { primaryButton } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { FilterBar, FilterSelect, useSearchText } from '@/components/ui/filter-controls.tsx';
import { useAuth } from '@/lib/auth-store.ts';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { userCan } from '@/lib/user-can.ts';
import { downloadCsv, removeItem } from '../api/inventory.ts';
import { type InventorySearch, inventorySearch } from '../api/inventory-search.ts';
import { inventoryKeys } from '../api/keys.ts';
import { orderOptionsQuery } from '../api/purchase-orders.ts';
import { ImportDialog } from '../components/import-dialog.tsx';
import { ItemDialog } from '../components/item-dialog.tsx';
import { ItemsTable } from '../components/items-table.tsx';
import { OrdersPanel } from '../components/orders-panel.tsx';
import { SuppliersPanel } from '../components/suppliers-panel.tsx';

/** /inventory/{pageNumber?}: the page number lives in the path, search, filters and sort in the query. */
export function InventoryPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate({ from: '/inventory/{-$pageNumber}' });
  const { pageNumber } = useParams({ from: '/inventory/{-$pageNumber}' });
  // The route's search also holds the URL's other params: only the validated ones are filters.
  const search = inventorySearch(useSearch({ from: '/inventory/{-$pageNumber}' }));
  const { tab, ...filters } = search;
  const page = Math.max(1, Number.parseInt(pageNumber ?? '1', 10) || 1);
  const canEdit = userCan(user, 'inventory.edit');
  const options = useQuery({ ...orderOptionsQuery(), enabled: canEdit });
  const [editing, setEditing] = useState<InventoryItem | 'new' | null>(null);
  const [removing, setRemoving] = useState<InventoryItem | null>(null);
  const remove = useApiMutation({
    mutationFn: (item: InventoryItem) => removeItem(item.id),
    invalidates: [inventoryKeys.all],
    onSuccess: (_, item) => toast.success(t('inventory.removed', { name: item.product_name })),
  });
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const go = (next: InventorySearch, nextPage: number) =>
    void navigate({
      to: '/inventory/{-$pageNumber}',
      params: { pageNumber: nextPage > 1 ? String(nextPage) : undefined },
      search: next,
    });
  const update = (patch: Partial<InventorySearch>) => go({ ...search, ...patch }, 1);
  const [q, setQ] = useSearchText(filters.q, (text) => update({ q: text }));

  const organizations = [
    ...new Map(
      (options.data?.locations ?? []).map((l) => [
        l.organization_id,
        { id: l.organization_id, name: l.organization_name },
      ]),
    ).values(),
  ].sort((a, b) =>
    a.id === user?.organisation.id ? -1 : b.id === user?.organisation.id ? 1 : a.name.localeCompare(b.name),
  );

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadCsv(filters);
    } catch {
      toast.error(t('inventory.exportFailed'));
    } finally {
      setExporting(false);
    }
  }

  const any: [string, string] = ['', t('inventory.any')];
  const tabClass = (active: boolean) =>
    `rounded-t-md border-b-2 px-4 py-2 text-sm font-medium ${active ? 'border-blue-700 text-blue-800 dark:border-blue-300 dark:text-blue-200' : 'border-transparent text-slate-700 hover:text-slate-900 dark:text-slate-200'}`;

  return (
    <Page
      title={t('inventory.title')}
      subtitle={t('inventory.subtitle')}
      actions={
        tab ? null : (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => void exportCsv()}
              disabled={exporting}
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900"
            >
              {exporting ? t('inventory.exporting') : t('inventory.exportCsv')}
            </button>
            {canEdit ? (
              <>
                <button
                  type="button"
                  onClick={() => setImporting(true)}
                  className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium dark:border-slate-600 dark:bg-slate-900"
                >
                  {t('inventory.importCsv')}
                </button>
                <button type="button" onClick={() => setEditing('new')} className={primaryButton}>
                  {t('inventory.newItem')}
                </button>
              </>
            ) : null}
          </div>
        )
      }
    >
      <nav
        aria-label={t('inventory.title')}
        className="mb-4 flex gap-1 border-b border-slate-200 dark:border-slate-700"
      >
        <button
          type="button"
          aria-current={tab ? undefined : 'page'}
          className={tabClass(!tab)}
          onClick={() => go({ ...filters }, page)}
        >
          {t('inventory.tabItems')}
        </button>
        <button
          type="button"
          aria-current={tab === 'orders' ? 'page' : undefined}
          className={tabClass(tab === 'orders')}
          onClick={() => go({ ...filters, tab: 'orders' }, 1)}
        >
          {t('inventory.tabOrders')}
        </button>
        <button
          type="button"
          aria-current={tab === 'suppliers' ? 'page' : undefined}
          className={tabClass(tab === 'suppliers')}
          onClick={() => go({ ...filters, tab: 'suppliers' }, 1)}
        >
          {t('inventory.tabSuppliers')}
        </button>
      </nav>
      {tab === 'orders' ? (
        <OrdersPanel canEdit={canEdit} />
      ) : tab === 'suppliers' ? (
        <SuppliersPanel canManage={userCan(user, 'supplier.manage')} />
      ) : (
        <>
          <FilterBar
            search={{ label: t('inventory.search'), value: q, onChange: setQ, placeholder: t('inventory.searchHint') }}
          >
            <FilterSelect
              label={t('inventory.type')}
              value={filters.type ?? ''}
              onChange={(v) => update({ type: v || undefined })}
              options={[any, ...ITEM_TYPES.map((v) => [v, t(`inventory.types.${v}`)] as [string, string])]}
            />
            <FilterSelect
              label={t('inventory.availability')}
              value={filters.availability ?? ''}
              onChange={(v) => update({ availability: v || undefined })}
              options={[
                any,
                ...[...AVAILABILITIES, 'needs_reorder'].map(
                  (v) => [v, t(`inventory.availabilities.${v}`)] as [string, string],
                ),
              ]}
            />
            <FilterSelect
              label={t('inventory.sort')}
              value={filters.sort ?? 'product_name'}
              onChange={(v) => update({ sort: v === 'product_name' ? undefined : v })}
              options={INVENTORY_SORTS.map((v) => [v, t(`inventory.sorts.${v}`)] as [string, string])}
            />
          </FilterBar>
          <ItemsTable
            filters={filters}
            page={page}
            canEdit={canEdit}
            onEdit={setEditing}
            onRemove={setRemoving}
            onPage={(p) => go(search, p)}
          />
        </>
      )}
      <ItemDialog
        open={editing !== null}
        item={editing === 'new' ? null : editing}
        organizations={organizations}
        onClose={() => setEditing(null)}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('inventory.removeTitle', { name: removing?.product_name ?? '' })}
        body={t('inventory.removeBody')}
        confirmLabel={t('inventory.removeConfirm')}
        destructive
        onConfirm={async () => {
          if (removing) await remove.run(removing);
        }}
      />
    </Page>
  );
}
