import { TZDate } from '@date-fns/tz';
import type { Locale } from '@rcm/shared/locale';

/**
 * How a column's values read in the PDF. The CSV keeps the raw value a spreadsheet computes with:
 * seconds (its header gets ` (s)`), ISO instants, cents as dollars with two decimals (` (USD)`).
 */
export type ColumnFormat = 'text' | 'number' | 'duration' | 'money';

export type Column = {
  header: string;
  /** Share of the width left over once every column holds its content (default 1). */
  width?: number;
  align?: 'left' | 'right';
  format?: ColumnFormat;
};

/**
 * A table's columns from their headers, by index: the right-aligned ones (numbers, durations) and
 * how each reads in the PDF (none: as it is).
 */
export function columnsOf(
  headers: readonly string[],
  right: (i: number) => boolean,
  format: (i: number) => ColumnFormat | undefined = () => undefined,
): Column[] {
  return headers.map((header, i) => ({ header, align: right(i) ? 'right' : 'left', format: format(i) }));
}

/** An instant read in the time zone of the place it happened (the row's location). */
export type At = { at: string; timeZone: string | null };

/**
 * A cell: text, a number, an instant, or nothing. In the PDF, strings that are ISO instants or
 * calendar days are written as dates in the reader's language (instants in the document's time zone).
 */
export type Cell = string | number | null | At;

/** One table of the PDF, under its own heading. */
export type Block = { heading?: string; note?: string; columns: Column[]; rows: Cell[][] };

export type Table = {
  title: string;
  /** Lines under the title: the range and the filters. The PDF adds when it was generated. */
  subtitle: string[];
  /** The rows, as the CSV has them and, unless `detail` says otherwise, the PDF's detail. */
  columns: Column[];
  rows: Cell[][];
  /** PDF: totals shown first, as label and value. */
  facts?: { label: string; value: string }[];
  /** PDF: summary tables, after the facts and before the detail. */
  summary?: Block[];
  /** PDF: the detail's heading, and its own columns and rows where the PDF lists less than the CSV. */
  detail?: { heading?: string; note?: string; columns?: Column[]; rows?: Cell[][] };
  /** The time zone of the report's places when they share one; else the reader's is used. */
  timeZone?: string;
};

/** Who reads the PDF and when it was made. */
export type PdfContext = { locale: Locale; timeZone: string; generatedAt: Date };

/** Whether a cell is an instant with its zone. */
export const isAt = (v: Cell): v is At => typeof v === 'object' && v !== null;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * An instant as local ISO 8601 in a zone, its offset written out (`2026-11-25T17:30:00-06:00`): a
 * spreadsheet reads the place's time, and the moment stays exact.
 */
export function localIso(iso: string, timeZone: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  // TZDate writes the zone's wall time with its offset; a spreadsheet needs no milliseconds.
  return new TZDate(t, timeZone).toISOString().replace(/\.\d{3}(?=[+-])/, '');
}

function csvValue(value: Cell, format: ColumnFormat | undefined, timeZone: string): string {
  if (value === null) return '';
  if (isAt(value)) return localIso(value.at, value.timeZone ?? timeZone);
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return localIso(value, timeZone);
  if (format === 'money' && typeof value === 'number') return (value / 100).toFixed(2);
  return String(value);
}

function csvCell(text: string, fromString: boolean): string {
  // Quote when needed; a leading = + - @ would be read as a formula by spreadsheets.
  const safe = fromString && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csvHeader = (c: Column) =>
  c.format === 'duration' ? `${c.header} (s)` : c.format === 'money' ? `${c.header} (USD)` : c.header;

/**
 * RFC 4180 CSV with a UTF-8 byte order mark (spreadsheets then read accents right). Instants are
 * written in their row's zone, else the document's, with the offset (`localIso`).
 */
export function toCsv(table: Pick<Table, 'columns' | 'rows'>, timeZone: string): Buffer {
  const lines = [table.columns.map((c) => csvCell(csvHeader(c), true)).join(',')];
  for (const row of table.rows) {
    lines.push(
      row.map((v, i) => csvCell(csvValue(v, table.columns[i]?.format, timeZone), typeof v === 'string')).join(','),
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
