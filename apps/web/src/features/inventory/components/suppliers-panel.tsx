import type { SupplierRecord } from '@rcm/shared/suppliers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { EmptyState, Spinner } from '../../../components/page.tsx';
import { primaryButton } from '../../../components/ui/button.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { archiveSupplier, restoreSupplier, suppliersQuery } from '../api/suppliers.ts';
import { SupplierDialog } from './supplier-dialog.tsx';

const linkClass = 'font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300';

/** Suppliers: who purchase orders go to. Changing them is for those who see every organization. */
export function SuppliersPanel(props: { canManage: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<SupplierRecord | 'new' | null>(null);
  const [archiving, setArchiving] = useState<SupplierRecord | null>(null);
  const list = useQuery(suppliersQuery(showArchived));
  const rows = list.data ?? [];
  const s = (key: string) => t(`inventory.suppliers.${key}`);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['suppliers'] });
    await queryClient.invalidateQueries({ queryKey: ['purchase-orders'] });
  };

  async function restore(supplier: SupplierRecord) {
    try {
      await restoreSupplier(supplier.id);
      await refresh();
      toast.success(t('inventory.suppliers.restored', { name: supplier.name }));
    } catch (err) {
      toast.error(err instanceof ApiError && err.code !== 'network' ? err.message : t('errors.network'));
    }
  }

  return (
    <div>
      <p className="text-sm text-slate-700 dark:text-slate-200">{s('help')}</p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4"
            checked={showArchived}
            onChange={(e) => setShowArchived(e.target.checked)}
          />
          {s('showArchived')}
        </label>
        {props.canManage ? (
          <button type="button" onClick={() => setEditing('new')} className={primaryButton}>
            {s('newSupplier')}
          </button>
        ) : null}
      </div>
      <div className="mt-4">
        {list.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : list.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {s('loadError')}
          </p>
        ) : rows.length === 0 ? (
          <EmptyState title={s('emptyTitle')} body={s('emptyBody')} />
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
            <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
              <caption className="sr-only">{s('table')}</caption>
              <thead className="bg-slate-50 text-left dark:bg-slate-800">
                <tr>
                  {['code', 'name', 'email', 'phone', 'accountNumber', 'orders', 'state'].map((k) => (
                    <th key={k} scope="col" className="px-3 py-2 font-semibold">
                      {s(k)}
                    </th>
                  ))}
                  {props.canManage ? (
                    <th scope="col" className="px-3 py-2 font-semibold">
                      <span className="sr-only">{t('inventory.actions')}</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {rows.map((r) => (
                  <tr key={r.id}>
                    <td className="px-3 py-2 font-mono text-xs">{r.code}</td>
                    <td className="px-3 py-2 font-medium">{r.name}</td>
                    <td className="px-3 py-2">{r.email || '—'}</td>
                    <td className="px-3 py-2 tabular-nums">{r.phone || '—'}</td>
                    <td className="px-3 py-2 font-mono text-xs">{r.account_number || '—'}</td>
                    <td className="px-3 py-2 tabular-nums">{r.order_count}</td>
                    <td className="px-3 py-2">{r.archived ? s('archived') : s('active')}</td>
                    {props.canManage ? (
                      <td className="px-3 py-2 whitespace-nowrap">
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
                            onClick={() => void restore(r)}
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
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
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
          if (!archiving) return;
          await archiveSupplier(archiving.id);
          await refresh();
          toast.success(t('inventory.suppliers.archivedDone', { name: archiving.name }));
        }}
      />
    </div>
  );
}
