import { PassThrough, type Readable } from 'node:stream';
import { type Block, isAt, type PdfContext, type Table } from './export.ts';
import { EXPORT_LABELS } from './labels.ts';
import { drawFacts, drawTable, heading } from './pdf-draw.ts';
import { pdfFormatter } from './pdf-format.ts';
import { chooseLayout } from './pdf-layout.ts';
import { BOLD, FONT, INK, MARGIN, MUTED, type Prepared } from './pdf-page.ts';

/**
 * The table as a PDF an inspector reads: title, range and when it was generated in the reader's
 * language and time zone, the summary first and the detail after, each row as tall as its wrapped
 * cells, headers that fit their columns, and "Page n of N" on every page. Portrait when the tables
 * fit it, landscape or a smaller type when they do not.
 */
export async function toPdf(table: Table, ctx: PdfContext): Promise<Readable> {
  // Loaded on the first PDF, not at start: about 5 MB of heap a process that never exports would keep.
  const { default: PDFDocument } = await import('pdfkit');
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
  for await (const chunk of await toPdf(table, ctx)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
