import type { InventoryItem } from '@rcm/shared/inventory';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/pagination.tsx';
import { linkClass } from '@/components/ui/button.ts';
import { actionsColumn, DataTable } from '@/components/ui/data-table.tsx';
import { type InventoryFilters, inventoryQuery } from '../api/inventory.ts';
import { money } from '../format.ts';
import { AvailabilityBadge } from './availability-badge.tsx';

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

  return (
    <>
      <div className="mt-4">
        <DataTable
          caption={t('inventory.table')}
          rows={rows}
          rowKey={(i) => i.id}
          query={list}
          errorLabel={t('inventory.loadError')}
          emptyTitle={t('inventory.emptyTitle')}
          emptyBody={t('inventory.emptyBody')}
          columns={[
            {
              key: 'productName',
              header: t('inventory.productName'),
              className: 'font-medium',
              cell: (i) => (
                <>
                  {i.product_name}
                  {manyOrgs ? (
                    <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
                      {i.organisation.name}
                    </span>
                  ) : null}
                </>
              ),
            },
            {
              key: 'partNumber',
              header: t('inventory.partNumber'),
              className: 'font-mono text-xs',
              cell: (i) => i.part_number,
            },
            { key: 'type', header: t('inventory.type'), cell: (i) => t(`inventory.types.${i.type}`) },
            { key: 'brand', header: t('inventory.brand'), cell: (i) => i.brand || '—' },
            {
              key: 'specification',
              header: t('inventory.specification'),
              className: 'text-slate-700 dark:text-slate-200',
              cell: (i) => i.specification || '—',
            },
            {
              key: 'quantity',
              header: t('inventory.quantity'),
              className: 'tabular-nums',
              cell: (i) => (
                <>
                  {i.quantity}
                  <span className="block text-xs text-slate-600 dark:text-slate-300">
                    {t('inventory.reorderLevel')}: {i.reorder_level}
                  </span>
                </>
              ),
            },
            {
              key: 'unitPrice',
              header: t('inventory.unitPrice'),
              className: 'tabular-nums',
              cell: (i) => money(i.unit_price),
            },
            {
              key: 'availability',
              header: t('inventory.availability'),
              cell: (i) => <AvailabilityBadge availability={i.availability} />,
            },
            ...(props.canEdit
              ? [
                  actionsColumn(t('inventory.actions'), (i: InventoryItem) => (
                    <>
                      <button
                        type="button"
                        onClick={() => props.onEdit(i)}
                        aria-label={t('inventory.editItem', { name: `${i.product_name} ${i.part_number}` })}
                        className={linkClass}
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
                    </>
                  )),
                ]
              : []),
          ]}
        />
      </div>
      {list.data && list.data.meta.total > 0 ? (
        <div className="mt-4">
          <Pagination meta={list.data.meta} onPage={props.onPage} />
        </div>
      ) : null}
    </>
  );
}
