import type { InventoryItem } from '@rcm/shared/inventory';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../format.ts';
import { AvailabilityBadge } from './availability-badge.tsx';

/** A line of a draft order: whether it is ordered, and how many (as typed). */
export type DraftLine = { include: boolean; quantity: string };

/** An order's lines as a compact table: the header row (numbers right-aligned), the rows, an optional footer. */
export function OrderLinesTable(props: {
  caption: string;
  columns: { label: string; numeric?: boolean }[];
  /** The frame's classes: its scrolling and height. */
  className: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className={`${props.className} rounded border border-slate-200 dark:border-slate-700`}>
      <table className="min-w-full text-sm">
        <caption className="sr-only">{props.caption}</caption>
        <thead className="bg-slate-50 text-left dark:bg-slate-800">
          <tr>
            {props.columns.map((c) => (
              <th key={c.label} scope="col" className={c.numeric ? 'px-2 py-1 text-right' : 'px-2 py-1'}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
        {props.footer ? <tfoot>{props.footer}</tfoot> : null}
      </table>
    </div>
  );
}

/** A draft order's line for a low item: a box to order it, its stock, the quantity to order, its price. */
export function DraftLineRow(props: { item: InventoryItem; line: DraftLine; onChange: (line: DraftLine) => void }) {
  const { t } = useTranslation();
  const { item: i, line } = props;
  const name = `${i.product_name} ${i.part_number}`;
  return (
    <tr className="border-t border-slate-100 dark:border-slate-800">
      <td className="px-2 py-1">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4"
            checked={line.include}
            aria-label={t('inventory.orders.include', { name })}
            onChange={(e) => props.onChange({ ...line, include: e.target.checked })}
          />
          <span>
            {i.product_name}
            <span className="block font-mono text-xs text-slate-600 dark:text-slate-300">
              {i.part_number} · {i.quantity}/{i.reorder_level}
            </span>
          </span>
        </label>
      </td>
      <td className="px-2 py-1">
        <AvailabilityBadge availability={i.availability} />
      </td>
      <td className="px-2 py-1">
        <input
          type="number"
          min={1}
          className="w-20 rounded border border-slate-300 px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
          aria-label={t('inventory.orders.orderQuantity', { name })}
          value={line.quantity}
          onChange={(e) => props.onChange({ ...line, quantity: e.target.value })}
        />
      </td>
      <td className="px-2 py-1 tabular-nums">{money(i.unit_price)}</td>
    </tr>
  );
}
