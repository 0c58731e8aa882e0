import { CSV_COLUMNS, type InventoryItem } from '@rcm/shared/inventory';

/** RFC 4180 quoting; a leading =, +, - or @ is prefixed so spreadsheets never run a cell as a formula. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The export uses the import's columns (so a file exported can be imported back) plus availability. */
export function itemsToCsv(items: InventoryItem[]): string {
  const header = [...CSV_COLUMNS, 'availability', 'organization'];
  const lines = items.map((i) =>
    [
      i.product_name,
      i.part_number,
      i.type,
      i.brand,
      i.specification,
      i.quantity,
      i.reorder_level,
      i.unit_price.toFixed(2),
      i.availability,
      i.organisation.name,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
