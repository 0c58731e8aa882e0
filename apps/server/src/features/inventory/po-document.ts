import type { Locale } from '@rcm/shared/locale';
import { pdfBuffer } from '../reports/pdf.ts';
import type { OrderDocument } from './po-repo.ts';

const LABELS = {
  'en-US': {
    title: (n: string) => `Purchase order ${n}`,
    supplier: 'Supplier',
    account: 'Account number',
    from: 'From',
    shipTo: 'Ship to',
    date: 'Order date',
    contact: 'Contact',
    notes: 'Notes',
    total: 'Total',
    cols: ['Part #', 'Product', 'Quantity', 'Unit price', 'Line total'],
    subject: (n: string, org: string) => `Purchase order ${n} from ${org}`,
    body: (n: string, org: string) => `Please find attached purchase order ${n} from ${org}.`,
    reply: 'Questions about this order: reply to',
  },
  'es-MX': {
    title: (n: string) => `Orden de compra ${n}`,
    supplier: 'Proveedor',
    account: 'Número de cuenta',
    from: 'De',
    shipTo: 'Enviar a',
    date: 'Fecha del pedido',
    contact: 'Contacto',
    notes: 'Notas',
    total: 'Total',
    cols: ['Núm. de parte', 'Producto', 'Cantidad', 'Precio unitario', 'Total de línea'],
    subject: (n: string, org: string) => `Orden de compra ${n} de ${org}`,
    body: (n: string, org: string) => `Adjuntamos la orden de compra ${n} de ${org}.`,
    reply: 'Preguntas sobre este pedido: responda a',
  },
} as const;

/** Who sends the order: named on it as the supplier's contact. */
export type OrderSender = { name: string; email: string };

const money = (locale: Locale, cents: number) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100);

function headerLines(doc: OrderDocument, locale: Locale, sender: OrderSender, at: Date): string[] {
  const l = LABELS[locale];
  const total = doc.lines.reduce((sum, x) => sum + x.quantity * x.unitPriceCents, 0);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: doc.location.timeZone }).format(at);
  const lines = [
    `${l.supplier}: ${doc.supplier.name} (${doc.supplier.code})`,
    ...(doc.supplier.accountNumber ? [`${l.account}: ${doc.supplier.accountNumber}`] : []),
    `${l.from}: ${doc.organization}`,
    `${l.shipTo}: ${[doc.location.name, doc.location.address, doc.location.phone].filter(Boolean).join(', ')}`,
    `${l.date}: ${date}`,
    `${l.contact}: ${sender.name} <${sender.email}>`,
  ];
  if (doc.notes) lines.push(`${l.notes}: ${doc.notes}`);
  lines.push(`${l.total}: ${money(locale, total)}`);
  return lines;
}

/** The order as a PDF (the reports' layout): its header lines, the total, then one row per line. */
export async function renderOrderPdf(
  doc: OrderDocument,
  locale: Locale,
  sender: OrderSender,
  at: Date,
): Promise<Buffer> {
  const l = LABELS[locale];
  const total = doc.lines.reduce((sum, x) => sum + x.quantity * x.unitPriceCents, 0);
  return pdfBuffer(
    {
      title: l.title(doc.number),
      subtitle: headerLines(doc, locale, sender, at).slice(0, -1),
      facts: [{ label: l.total, value: money(locale, total) }],
      columns: [
        { header: l.cols[0] },
        { header: l.cols[1], width: 3 },
        { header: l.cols[2], align: 'right' },
        { header: l.cols[3], align: 'right', format: 'money' },
        { header: l.cols[4], align: 'right', format: 'money' },
      ],
      rows: doc.lines.map((x) => [
        x.partNumber,
        x.productName,
        x.quantity,
        x.unitPriceCents,
        x.quantity * x.unitPriceCents,
      ]),
      timeZone: doc.location.timeZone,
    },
    { locale, timeZone: doc.location.timeZone, generatedAt: at },
  );
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The email that carries the PDF: subject, and a short body repeating the order's header. */
export function renderOrderEmail(
  doc: OrderDocument,
  locale: Locale,
  sender: OrderSender,
  at: Date,
): { subject: string; html: string; text: string } {
  const l = LABELS[locale];
  const lines = headerLines(doc, locale, sender, at);
  const reply = `${l.reply} ${sender.name} <${sender.email}>.`;
  const text = [l.body(doc.number, doc.organization), '', ...lines, '', reply].join('\n');
  const html = `<p>${escapeHtml(l.body(doc.number, doc.organization))}</p><ul>${lines
    .map((x) => `<li>${escapeHtml(x)}</li>`)
    .join('')}</ul><p>${escapeHtml(reply)}</p>`;
  return { subject: l.subject(doc.number, doc.organization), html, text };
}
