import { PassThrough, type Readable } from 'node:stream';
import { formatDuration } from '@rcm/shared/duration';
import type { Locale } from '@rcm/shared/locale';
import PDFDocument from 'pdfkit';
import { EXPORT_LABELS } from './labels.ts';

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

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const isAt = (v: Cell): v is At => typeof v === 'object' && v !== null;

function csvValue(value: Cell, format: ColumnFormat | undefined): string {
  if (value === null) return '';
  if (isAt(value)) return value.at;
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

/** RFC 4180 CSV with a UTF-8 byte order mark (spreadsheets then read accents right). */
export function toCsv(table: Pick<Table, 'columns' | 'rows'>): Buffer {
  const lines = [table.columns.map((c) => csvCell(csvHeader(c), true)).join(',')];
  for (const row of table.rows) {
    lines.push(row.map((v, i) => csvCell(csvValue(v, table.columns[i]?.format), typeof v === 'string')).join(','));
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** Dates, numbers, durations and money as the screens write them, in the reader's language. */
export function pdfFormatter(ctx: Pick<PdfContext, 'locale' | 'timeZone'>) {
  const numbers = new Intl.NumberFormat(ctx.locale, { maximumFractionDigits: 1 });
  const money = new Intl.NumberFormat(ctx.locale, { style: 'currency', currency: 'USD' });
  const days = new Intl.DateTimeFormat(ctx.locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const instants = new Map<string, Intl.DateTimeFormat>();
  const instantIn = (zone: string) => {
    let f = instants.get(zone);
    if (!f) {
      // The zone is named only when it is not the document's (said once under the title).
      f = new Intl.DateTimeFormat(ctx.locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: zone,
        ...(zone === ctx.timeZone ? {} : { timeZoneName: 'short' }),
      });
      instants.set(zone, f);
    }
    return f;
  };
  const instant = (iso: string, zone?: string | null) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : instantIn(zone ?? ctx.timeZone).format(d);
  };
  const day = (ymd: string) => {
    const d = new Date(`${ymd}T00:00:00Z`);
    return Number.isNaN(d.getTime()) ? ymd : days.format(d);
  };
  const cell = (value: Cell, format?: ColumnFormat): string => {
    if (value === null) return format === 'duration' ? '—' : '';
    if (isAt(value)) return instant(value.at, value.timeZone);
    if (typeof value === 'number') {
      if (format === 'duration') return formatDuration(value, ctx.locale);
      if (format === 'money') return money.format(value / 100);
      return numbers.format(value);
    }
    if (ISO_INSTANT.test(value)) return instant(value);
    if (ISO_DAY.test(value)) return day(value);
    return value;
  };
  return { cell, instant, day, number: (n: number) => numbers.format(n), duration: formatDuration };
}

// --- layout ---------------------------------------------------------------------------------------

const MARGIN = 36;
const PAD = 2.5;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';
/** Font sizes tried, largest first, before a table's words may break. */
const SIZES = [9, 8, 7, 6];
const PAGE = { portrait: { width: 612, height: 792 }, landscape: { width: 792, height: 612 } };

type Doc = PDFKit.PDFDocument;
type Prepared = {
  columns: Column[];
  header: string[];
  rows: string[][];
  /** Per column: its values are figures, times or durations, which never break across lines. */
  whole: boolean[];
  /** Whether the table spreads over the page's width (the detail) or keeps its natural width. */
  stretch: boolean;
  heading?: string;
  note?: string;
};

/** The longest word's and the whole text's width (the widest line when it has several). */
function measure(doc: Doc, text: string): { word: number; line: number } {
  let word = 0;
  let line = 0;
  for (const l of text.split('\n')) {
    line = Math.max(line, doc.widthOfString(l));
    for (const w of l.split(/\s+/)) if (w) word = Math.max(word, doc.widthOfString(w));
  }
  return { word, line };
}

/** At most this many rows are measured to size columns (the rest wrap like them). */
const SAMPLE = 1500;

/**
 * Column widths that fit `usable`: every column at least as wide as its longest word (header and
 * sampled cells, so nothing breaks mid-word), the rest shared in proportion to what each needs to
 * hold its text on one line. Null when even the longest words do not fit.
 */
function fitColumns(doc: Doc, t: Prepared, size: number, usable: number): number[] | null {
  const n = t.header.length;
  const min = new Array<number>(n).fill(0);
  const nat = new Array<number>(n).fill(0);
  doc.font(BOLD).fontSize(size);
  t.header.forEach((h, i) => {
    const m = measure(doc, h);
    min[i] = m.word;
    nat[i] = m.line;
  });
  doc.font(FONT).fontSize(size);
  const step = Math.max(1, Math.floor(t.rows.length / SAMPLE));
  for (let r = 0; r < t.rows.length; r += step) {
    const row = t.rows[r] ?? [];
    for (let i = 0; i < n; i += 1) {
      const text = row[i] ?? '';
      if (!text) continue;
      const m = measure(doc, text);
      // A single very long token (an address, a note) may break rather than widen its column to the page.
      min[i] = Math.max(min[i] ?? 0, Math.min(t.whole[i] ? m.line : m.word, usable * 0.3));
      nat[i] = Math.max(nat[i] ?? 0, Math.min(m.line, usable * 0.45));
    }
  }
  const lo = min.map((w) => w + 2 * PAD + 0.5);
  const hi = nat.map((w, i) => Math.max(w + 2 * PAD + 0.5, lo[i] ?? 0));
  const sumLo = lo.reduce((s, w) => s + w, 0);
  const sumHi = hi.reduce((s, w) => s + w, 0);
  if (sumLo > usable) return null;
  if (sumHi <= usable) {
    if (!t.stretch) return hi;
    const weights = t.columns.map((c) => c.width ?? 1);
    const sumW = weights.reduce((s, w) => s + w, 0);
    return hi.map((w, i) => w + ((usable - sumHi) * (weights[i] ?? 1)) / sumW);
  }
  // Max-min fair: the columns that need little more than their longest word get all of it (their
  // cells stay on one line); the long texts share what is left and wrap.
  const widths = [...lo];
  let budget = usable - sumLo;
  const order = lo.map((_, i) => i).sort((a, b) => (hi[a] ?? 0) - (lo[a] ?? 0) - ((hi[b] ?? 0) - (lo[b] ?? 0)));
  order.forEach((i, k) => {
    const give = Math.min((hi[i] ?? 0) - (lo[i] ?? 0), budget / (order.length - k));
    widths[i] = (widths[i] ?? 0) + give;
    budget -= give;
  });
  return widths;
}

/** The page orientation and font size the widest table needs; widths per table. */
function chooseLayout(doc: Doc, tables: Prepared[]) {
  for (const layout of ['portrait', 'landscape'] as const) {
    const usable = PAGE[layout].width - 2 * MARGIN;
    const size = SIZES[1] ?? 8;
    const widths = tables.map((t) => fitColumns(doc, t, size, usable));
    // Portrait only while every table keeps its cells on one line at the normal size.
    const oneLine = tables.every((t, i) => {
      const w = widths[i];
      if (!w) return false;
      doc.font(FONT).fontSize(size);
      return t.rows.slice(0, SAMPLE).every((row) => row.every((c, j) => doc.widthOfString(c) <= (w[j] ?? 0) - 2 * PAD));
    });
    if (layout === 'portrait' && !oneLine) continue;
    if (widths.every(Boolean)) return { layout, size, widths: widths as number[][] };
  }
  const usable = PAGE.landscape.width - 2 * MARGIN;
  for (const size of SIZES.slice(2)) {
    const widths = tables.map((t) => fitColumns(doc, t, size, usable));
    if (widths.every(Boolean)) return { layout: 'landscape' as const, size, widths: widths as number[][] };
  }
  // Words longer than their share break: columns in proportion to their headers.
  const size = SIZES[SIZES.length - 1] ?? 6;
  doc.font(BOLD).fontSize(size);
  const widths = tables.map((t) => {
    const need = t.header.map((h) => measure(doc, h).word + 2 * PAD);
    const sum = need.reduce((s, w) => s + w, 0);
    return need.map((w) => (w / sum) * usable);
  });
  return { layout: 'landscape' as const, size, widths };
}

/** Draws a table from the current position: measured row heights, its header repeated on each page. */
function drawTable(doc: Doc, t: Prepared, widths: number[], size: number, emptyText: string) {
  const left = MARGIN;
  const total = widths.reduce((s, w) => s + w, 0);
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(size);
    let h = 0;
    cells.forEach((c, i) => {
      if (c) h = Math.max(h, doc.heightOfString(c, { width: (widths[i] ?? 0) - 2 * PAD }));
    });
    return Math.max(h, doc.currentLineHeight()) + 2 * PAD;
  };
  const drawRow = (cells: string[], y: number, font: string, color: string) => {
    doc.font(font).fontSize(size).fillColor(color);
    let x = left;
    cells.forEach((c, i) => {
      const w = widths[i] ?? 0;
      if (c) doc.text(c, x + PAD, y + PAD, { width: w - 2 * PAD, align: t.columns[i]?.align ?? 'left' });
      x += w;
    });
  };
  const headerHeight = rowHeight(t.header, BOLD);
  const header = () => {
    const y = doc.y;
    doc.rect(left, y, total, headerHeight).fill('#f1f5f9');
    drawRow(t.header, y, BOLD, INK);
    doc
      .moveTo(left, y + headerHeight)
      .lineTo(left + total, y + headerHeight)
      .lineWidth(0.8)
      .stroke(MUTED);
    doc.y = y + headerHeight;
  };
  const firstRow = t.rows[0] ? rowHeight(t.rows[0], FONT) : 0;
  // A table starts on a new page when not even its header and first row fit.
  if (doc.y + headerHeight + firstRow > bottom()) doc.addPage();
  header();
  for (const row of t.rows) {
    const h = rowHeight(row, FONT);
    if (doc.y + h > bottom()) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    drawRow(row, y, FONT, INK);
    doc
      .moveTo(left, y + h)
      .lineTo(left + total, y + h)
      .lineWidth(0.4)
      .stroke(RULE);
    doc.y = y + h;
  }
  if (t.rows.length === 0) {
    doc
      .font(FONT)
      .fontSize(size)
      .fillColor(MUTED)
      .text(emptyText, left + PAD, doc.y + PAD);
  }
  doc.x = left;
}

/** Facts in a grid: a small label over its value. */
function drawFacts(doc: Doc, facts: { label: string; value: string }[], usable: number) {
  const perRow = Math.min(4, facts.length);
  const w = usable / perRow;
  for (let i = 0; i < facts.length; i += perRow) {
    const y = doc.y;
    let h = 0;
    facts.slice(i, i + perRow).forEach((f, j) => {
      const x = MARGIN + j * w;
      doc
        .font(FONT)
        .fontSize(8)
        .fillColor(MUTED)
        .text(f.label, x, y, { width: w - 8 });
      const labelH = doc.heightOfString(f.label, { width: w - 8 });
      doc
        .font(BOLD)
        .fontSize(12)
        .fillColor(INK)
        .text(f.value, x, y + labelH + 1, { width: w - 8 });
      h = Math.max(h, labelH + 1 + doc.heightOfString(f.value, { width: w - 8 }));
    });
    doc.y = y + h + 6;
  }
  doc.x = MARGIN;
}

function heading(doc: Doc, text: string, note: string | undefined, usable: number, minBelow: number) {
  doc.font(BOLD).fontSize(11);
  const h = doc.heightOfString(text, { width: usable }) + 4;
  if (doc.y + h + minBelow > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc.moveDown(0.6);
  doc.fillColor(INK).text(text, MARGIN, doc.y, { width: usable });
  if (note)
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(MUTED)
      .text(note, MARGIN, doc.y + 1, { width: usable });
  doc.y += 4;
}

/**
 * The table as a PDF an inspector reads: title, range and when it was generated in the reader's
 * language and time zone, the summary first and the detail after, each row as tall as its wrapped
 * cells, headers that fit their columns, and "Page n of N" on every page. Portrait when the tables
 * fit it, landscape or a smaller type when they do not.
 */
export function toPdf(table: Table, ctx: PdfContext): Readable {
  const l = EXPORT_LABELS[ctx.locale];
  const f = pdfFormatter(ctx);
  const prepare = (b: Block, stretch: boolean): Prepared => ({
    heading: b.heading,
    note: b.note,
    columns: b.columns,
    header: b.columns.map((c) => c.header),
    rows: b.rows.map((row) => b.columns.map((c, i) => f.cell(row[i] ?? null, c.format))),
    whole: b.columns.map(
      (c, i) =>
        (c.format !== undefined && c.format !== 'text') ||
        b.rows.every((row) => {
          const v = row[i] ?? null;
          return v === null || typeof v === 'number' || isAt(v);
        }),
    ),
    stretch,
  });
  const summary = (table.summary ?? []).map((b) => prepare(b, false));
  const detail = prepare(
    {
      heading: table.detail?.heading,
      note: table.detail?.note,
      columns: table.detail?.columns ?? table.columns,
      rows: table.detail?.rows ?? table.rows,
    },
    true,
  );
  const tables = [...summary, detail];

  // Sized with a document of its own: pdfkit adds every page with the options it was made with.
  const { layout, size, widths } = chooseLayout(new PDFDocument({ autoFirstPage: false }), tables);
  const doc = new PDFDocument({
    size: 'LETTER',
    layout,
    // The footer sits in the bottom margin: the body ends above it.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + 14 },
    bufferPages: true,
    info: { Title: table.title, CreationDate: ctx.generatedAt },
    lang: ctx.locale,
    displayTitle: true,
  });
  const out = new PassThrough();
  doc.pipe(out);
  const usable = doc.page.width - 2 * MARGIN;

  doc.font(BOLD).fontSize(16).fillColor(INK).text(table.title, MARGIN, MARGIN, { width: usable });
  doc.font(FONT).fontSize(9).fillColor(MUTED);
  for (const line of table.subtitle) doc.text(line, { width: usable });
  doc.text(`${l.generated(f.instant(ctx.generatedAt.toISOString()))} · ${l.times(ctx.timeZone, zoneName(ctx))}`, {
    width: usable,
  });
  doc.moveDown(0.6);
  if (table.facts?.length) drawFacts(doc, table.facts, usable);

  summary.forEach((t, i) => {
    if (t.heading) heading(doc, t.heading, t.note, usable, 40);
    drawTable(doc, t, widths[i] ?? [], size, l.none);
  });
  if (summary.length || table.facts?.length) heading(doc, detail.heading ?? l.detail, detail.note, usable, 40);
  else if (detail.heading) heading(doc, detail.heading, detail.note, usable, 40);
  drawTable(doc, detail, widths[summary.length] ?? [], size, l.none);

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i += 1) {
    doc.switchToPage(pages.start + i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 4;
    doc.font(FONT).fontSize(8).fillColor(MUTED);
    doc.text(table.title, MARGIN, y, { width: usable / 2, lineBreak: false });
    doc.text(l.page(i + 1, pages.count), MARGIN + usable / 2, y, {
      width: usable / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return out;
}

/** The zone's short name at the time of generation ("CST", "GMT-6"). */
function zoneName(ctx: PdfContext): string {
  const part = new Intl.DateTimeFormat(ctx.locale, { timeZone: ctx.timeZone, timeZoneName: 'short' })
    .formatToParts(ctx.generatedAt)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? ctx.timeZone;
}

/** The PDF as one buffer (for an email attachment). */
export async function pdfBuffer(table: Table, ctx: PdfContext): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of toPdf(table, ctx)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
