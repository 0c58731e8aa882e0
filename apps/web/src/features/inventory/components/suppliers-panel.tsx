import type { SupplierRecord } from '@rcm/shared/suppliers';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/pagination.tsx';
import { linkClass, primaryButton } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { actionsColumn, DataTable } from '@/components/ui/data-table.tsx';
import { FilterToggle } from '@/components/ui/filter-controls.tsx';
import { toast } from '@/lib/toast.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { purchaseOrderKeys, supplierKeys } from '../api/keys.ts';
import { archiveSupplier, restoreSupplier, suppliersQuery } from '../api/suppliers.ts';
import { SupplierDialog } from './supplier-dialog.tsx';

/** Suppliers: who purchase orders go to. Changing them is for those who see every organization. */
export function SuppliersPanel(props: { canManage: boolean }) {
  const { t } = useTranslation();
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<SupplierRecord | 'new' | null>(null);
  const [archiving, setArchiving] = useState<SupplierRecord | null>(null);
  const [page, setPage] = useState(1);
  const list = useQuery(suppliersQuery(showArchived, page));
  const rows = list.data?.data ?? [];
  const s = (key: string) => t(`inventory.suppliers.${key}`);
  // A supplier's name and address are on its purchase orders too.
  const invalidates = [supplierKeys.all, purchaseOrderKeys.all];
  const restore = useApiMutation({
    mutationFn: (supplier: SupplierRecord) => restoreSupplier(supplier.id),
    invalidates,
    onSuccess: (_, supplier) => toast.success(t('inventory.suppliers.restored', { name: supplier.name })),
    showError: 'toast',
  });
  const archive = useApiMutation({
    mutationFn: (supplier: SupplierRecord) => archiveSupplier(supplier.id),
    invalidates,
    onSuccess: (_, supplier) => toast.success(t('inventory.suppliers.archivedDone', { name: supplier.name })),
  });

  return (
    <div>
      <p className="text-sm text-slate-700 dark:text-slate-200">{s('help')}</p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <FilterToggle
          label={s('showArchived')}
          checked={showArchived}
          onChange={(checked) => {
            setShowArchived(checked);
            setPage(1);
          }}
        />
        {props.canManage ? (
          <button type="button" onClick={() => setEditing('new')} className={primaryButton}>
            {s('newSupplier')}
          </button>
        ) : null}
      </div>
      <div className="mt-4">
        <DataTable
          caption={s('table')}
          rows={rows}
          rowKey={(r) => r.id}
          titleColumns={2}
          query={list}
          errorLabel={s('loadError')}
          emptyTitle={s('emptyTitle')}
          emptyBody={s('emptyBody')}
          columns={[
            { key: 'code', header: s('code'), className: 'font-mono text-xs', cell: (r) => r.code },
            { key: 'name', header: s('name'), className: 'font-medium', cell: (r) => r.name },
            { key: 'email', header: s('email'), cell: (r) => <span className="break-all">{r.email || '—'}</span> },
            { key: 'phone', header: s('phone'), className: 'tabular-nums', cell: (r) => r.phone || '—' },
            {
              key: 'accountNumber',
              header: s('accountNumber'),
              className: 'font-mono text-xs',
              cell: (r) => r.account_number || '—',
            },
            { key: 'orders', header: s('orders'), className: 'tabular-nums', cell: (r) => r.order_count },
            { key: 'state', header: s('state'), cell: (r) => (r.archived ? s('archived') : s('active')) },
            ...(props.canManage
              ? [
                  actionsColumn(t('inventory.actions'), (r: SupplierRecord) => (
                    <>
                      <button
                        type="button"
                        onClick={() => setEditing(r)}
                        aria-label={t('inventory.suppliers.editSupplier', { name: r.name })}
                        className={linkClass}
                      >
                        {s('edit')}
                      </button>
                      {r.archived ? (
                        <button
                          type="button"
                          onClick={() => void restore.run(r)}
                          aria-label={t('inventory.suppliers.restoreSupplier', { name: r.name })}
                          className={`ml-3 ${linkClass}`}
                        >
                          {s('restore')}
                        </button>
                      ) : (
                        <button
                          type="button"
                          onClick={() => setArchiving(r)}
                          aria-label={t('inventory.suppliers.archiveSupplier', { name: r.name })}
                          className="ml-3 font-medium text-red-700 underline-offset-2 hover:underline dark:text-red-300"
                        >
                          {s('archive')}
                        </button>
                      )}
                    </>
                  )),
                ]
              : []),
          ]}
        />
        <ListPagination meta={list.data?.meta} onPage={setPage} />
      </div>
      <SupplierDialog
        open={editing !== null}
        supplier={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={archiving !== null}
        onClose={() => setArchiving(null)}
        title={t('inventory.suppliers.archiveTitle', { name: archiving?.name ?? '' })}
        body={t('inventory.suppliers.archiveBody', { name: archiving?.name ?? '', count: archiving?.order_count ?? 0 })}
        confirmLabel={s('archiveConfirm')}
        destructive
        onConfirm={async () => {
          if (archiving) await archive.run(archiving);
        }}
      />
    </div>
  );
}
