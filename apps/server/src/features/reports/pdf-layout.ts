import { BOLD, type Doc, FONT, MARGIN, measure, PAD, PAGE, type Prepared, SIZES } from './pdf-page.ts';

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
export function chooseLayout(doc: Doc, tables: Prepared[]) {
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
