import type { Locale } from '@rcm/shared/locale';
import type { UriPurchaseOrderRow, UriPurchaseOrdersReport } from '@rcm/shared/reports';
import { columnsOf, type Table } from './export.ts';
import type { ExportFrame } from './export-frame.ts';
import { EXPORT_LABELS } from './labels.ts';

/** `2026-11` as "November 2026" / "noviembre de 2026". */
function formatMonth(month: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

const money = (cents: number, locale: Locale) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100);

/** The URI purchase orders export: totals, by status and by month, then every order. */
export function uriPurchaseOrdersTable(
  summary: UriPurchaseOrdersReport['summary'],
  rows: UriPurchaseOrderRow[],
  f: ExportFrame,
  locale: Locale,
): Table {
  const l = EXPORT_LABELS[locale];
  // A summary's third column is its total.
  const totalFormat = (i: number) => (i === 2 ? 'money' : undefined);
  return {
    title: l.uri.title,
    ...f.heading,
    facts: [
      { label: l.uri.orders, value: String(summary.orders) },
      { label: l.uri.total, value: money(summary.total_cents, locale) },
    ],
    summary: [
      {
        heading: l.uri.byStatus,
        columns: columnsOf(l.uri.statusCols, (i) => i > 0, totalFormat),
        rows: summary.by_status.map((b) => [l.status[b.status] ?? b.status, b.orders, b.total_cents]),
      },
      {
        heading: l.uri.byMonth,
        columns: columnsOf(l.uri.monthCols, (i) => i > 0, totalFormat),
        rows: summary.by_month.map((m) => [formatMonth(m.month, locale), m.orders, m.total_cents]),
      },
    ],
    detail: { heading: l.uri.detail },
    columns: columnsOf(
      l.uri.cols,
      (i) => i >= 5 && i <= 7,
      (i) => (i === 7 ? 'money' : undefined),
    ),
    rows: rows.map((r) => [
      r.number,
      f.at(r.placed_at, r.location_id),
      l.status[r.status] ?? r.status,
      r.organization_name,
      r.location_name,
      r.lines,
      r.units,
      r.total_cents,
      f.at(r.received_at, r.location_id),
    ]),
  };
}
