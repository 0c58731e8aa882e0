import type { InventoryItem } from '@rcm/shared/inventory';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner } from '../../../components/page.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { type InventoryFilters, inventoryQuery } from '../api/inventory.ts';
import { AvailabilityBadge } from './availability-badge.tsx';

const money = (v: number) => v.toLocaleString(undefined, { style: 'currency', currency: 'USD' });

export function ItemsTable(props: {
  filters: InventoryFilters;
  page: number;
  canEdit: boolean;
  onEdit: (item: InventoryItem) => void;
  onRemove: (item: InventoryItem) => void;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const list = useQuery(inventoryQuery(props.filters, props.page));
  const rows = list.data?.data ?? [];
  const manyOrgs = new Set(rows.map((r) => r.organisation.id)).size > 1;
  const head = ['productName', 'partNumber', 'type', 'brand', 'specification', 'quantity', 'unitPrice', 'availability'];

  return (
    <>
      <div className="mt-4">
        {list.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : list.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {t('inventory.loadError')}
          </p>
        ) : rows.length === 0 ? (
          <EmptyState title={t('inventory.emptyTitle')} body={t('inventory.emptyBody')} />
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
            <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
              <caption className="sr-only">{t('inventory.table')}</caption>
              <thead className="bg-slate-50 text-left dark:bg-slate-800">
                <tr>
                  {head.map((k) => (
                    <th key={k} scope="col" className="px-3 py-2 font-semibold">
                      {t(`inventory.${k}`)}
                    </th>
                  ))}
                  {props.canEdit ? (
                    <th scope="col" className="px-3 py-2 font-semibold">
                      <span className="sr-only">{t('inventory.actions')}</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {rows.map((i) => (
                  <tr key={i.id}>
                    <td className="px-3 py-2 font-medium">
                      {i.product_name}
                      {manyOrgs ? (
                        <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
                          {i.organisation.name}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2 font-mono text-xs">{i.part_number}</td>
                    <td className="px-3 py-2">{t(`inventory.types.${i.type}`)}</td>
                    <td className="px-3 py-2">{i.brand || '—'}</td>
                    <td className="px-3 py-2 text-slate-700 dark:text-slate-200">{i.specification || '—'}</td>
                    <td className="px-3 py-2 tabular-nums">
                      {i.quantity}
                      <span className="block text-xs text-slate-600 dark:text-slate-300">
                        {t('inventory.reorderLevel')}: {i.reorder_level}
                      </span>
                    </td>
                    <td className="px-3 py-2 tabular-nums">{money(i.unit_price)}</td>
                    <td className="px-3 py-2">
                      <AvailabilityBadge availability={i.availability} />
                    </td>
                    {props.canEdit ? (
                      <td className="px-3 py-2 whitespace-nowrap">
                        <button
                          type="button"
                          onClick={() => props.onEdit(i)}
                          aria-label={t('inventory.editItem', { name: `${i.product_name} ${i.part_number}` })}
                          className="font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
                        >
                          {t('inventory.edit')}
                        </button>
                        <button
                          type="button"
                          onClick={() => props.onRemove(i)}
                          aria-label={t('inventory.removeItem', { name: `${i.product_name} ${i.part_number}` })}
                          className="ml-3 font-medium text-red-700 underline-offset-2 hover:underline dark:text-red-300"
                        >
                          {t('inventory.remove')}
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {list.data && list.data.meta.total > 0 ? (
        <div className="mt-4">
          <Pagination
            page={list.data.meta.page}
            lastPage={list.data.meta.last_page}
            total={list.data.meta.total}
            onPage={props.onPage}
          />
        </div>
      ) : null}
    </>
  );
}
