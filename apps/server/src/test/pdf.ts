import { getDocumentProxy } from 'unpdf';

export type PdfItem = { str: string; x: number; y: number; width: number; height: number };

/** A PDF's text, page by page (each page's lines joined by newlines), and its text items with positions. */
export async function readPdf(pdf: Buffer | Uint8Array): Promise<{ pages: string[]; items: PdfItem[][] }> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const pages: string[] = [];
  const items: PdfItem[][] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    const list: PdfItem[] = [];
    for (const raw of content.items) {
      if (!('str' in raw) || !raw.str) continue;
      list.push({ str: raw.str, x: raw.transform[4], y: raw.transform[5], width: raw.width, height: raw.height });
    }
    items.push(list);
    pages.push(list.map((i) => i.str).join('\n'));
  }
  await doc.cleanup();
  return { pages, items };
}

/** An ISO-8601 instant as a machine writes it (`2026-11-25T13:13:03.981Z`): never in a document. */
export const RAW_ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
