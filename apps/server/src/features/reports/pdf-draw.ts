import { BOLD, type Doc, FONT, INK, MARGIN, MUTED, PAD, type Prepared, RULE } from './pdf-page.ts';

/** Draws a table from the current position: measured row heights, its header repeated on each page. */
export function drawTable(doc: Doc, t: Prepared, widths: number[], size: number, emptyText: string) {
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
  /** A rule across the table at `y`, where the next row starts. */
  const ruleUnder = (y: number, weight: number, color: string) => {
    doc
      .moveTo(left, y)
      .lineTo(left + total, y)
      .lineWidth(weight)
      .stroke(color);
    doc.y = y;
  };
  const headerHeight = rowHeight(t.header, BOLD);
  const header = () => {
    const y = doc.y;
    doc.rect(left, y, total, headerHeight).fill('#f1f5f9');
    drawRow(t.header, y, BOLD, INK);
    ruleUnder(y + headerHeight, 0.8, MUTED);
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
    ruleUnder(y + h, 0.4, RULE);
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
export function drawFacts(doc: Doc, facts: { label: string; value: string }[], usable: number) {
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

/** A table's heading and note, on a new page when not even `minBelow` points of it would follow. */
export function heading(doc: Doc, text: string, note: string | undefined, usable: number, minBelow: number) {
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
