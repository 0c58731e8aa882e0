import { PassThrough, type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';

export type Table = {
  title: string;
  /** Lines under the title: the filters and totals. */
  subtitle: string[];
  columns: { header: string /** Relative width in the PDF. */; width: number; align?: 'left' | 'right' }[];
  rows: (string | number | null)[][];
};

function cell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  // Quote when needed; a leading = + - @ would be read as a formula by spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** RFC 4180 CSV with a UTF-8 byte order mark (spreadsheets then read accents right). */
export function toCsv(table: Pick<Table, 'columns' | 'rows'>): Buffer {
  const lines = [table.columns.map((c) => cell(c.header)).join(',')];
  for (const row of table.rows) lines.push(row.map(cell).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** A landscape Letter PDF of the table, streamed page by page as pdfkit writes it. */
export function toPdf(table: Table): Readable {
  const doc = new PDFDocument({ size: 'LETTER', layout: 'landscape', margin: 36, bufferPages: false });
  const out = new PassThrough();
  doc.pipe(out);
  const left = doc.page.margins.left;
  const usable = doc.page.width - left - doc.page.margins.right;
  const totalWidth = table.columns.reduce((s, c) => s + c.width, 0);
  const widths = table.columns.map((c) => (c.width / totalWidth) * usable);
  const fontSize = table.columns.length > 16 ? 6 : 8;

  const header = () => {
    doc.font('Helvetica-Bold').fontSize(fontSize);
    let x = left;
    const y = doc.y;
    table.columns.forEach((c, i) => {
      doc.text(c.header, x + 2, y, { width: (widths[i] ?? 0) - 4, align: c.align ?? 'left', lineBreak: false });
      x += widths[i] ?? 0;
    });
    doc
      .moveTo(left, y + fontSize + 3)
      .lineTo(left + usable, y + fontSize + 3)
      .stroke('#334155');
    doc.y = y + fontSize + 6;
    doc.font('Helvetica').fontSize(fontSize);
  };

  doc.font('Helvetica-Bold').fontSize(16).text(table.title);
  doc.font('Helvetica').fontSize(9);
  for (const line of table.subtitle) doc.text(line);
  doc.moveDown();
  header();
  const rowHeight = fontSize + 5;
  for (const row of table.rows) {
    if (doc.y + rowHeight > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      header();
    }
    let x = left;
    const y = doc.y;
    row.forEach((value, i) => {
      const col = table.columns[i];
      doc.text(value === null ? '' : String(value), x + 2, y, {
        width: (widths[i] ?? 0) - 4,
        align: col?.align ?? 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += widths[i] ?? 0;
    });
    doc.y = y + rowHeight;
  }
  if (table.rows.length === 0) doc.text('—');
  doc.end();
  return out;
}
