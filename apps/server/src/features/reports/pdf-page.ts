import type { Column } from './export.ts';

/** The PDF's page, margins, type and colours. */
export const MARGIN = 36;
export const PAD = 2.5;
export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export const INK = '#0f172a';
export const MUTED = '#475569';
export const RULE = '#cbd5e1';
/** Font sizes tried, largest first, before a table's words may break. */
export const SIZES = [9, 8, 7, 6];
export const PAGE = { portrait: { width: 612, height: 792 }, landscape: { width: 792, height: 612 } };

export type Doc = PDFKit.PDFDocument;
/** A table with its cells written out, ready to lay out and draw. */
export type Prepared = {
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
export function measure(doc: Doc, text: string): { word: number; line: number } {
  let word = 0;
  let line = 0;
  for (const l of text.split('\n')) {
    line = Math.max(line, doc.widthOfString(l));
    for (const w of l.split(/\s+/)) if (w) word = Math.max(word, doc.widthOfString(w));
  }
  return { word, line };
}
