import { describe, expect, it } from 'vitest';
import { RAW_ISO, readPdf } from '../../test/pdf.ts';
import { type Table, toCsv } from './export.ts';
import { pdfBuffer } from './pdf.ts';

const GENERATED = new Date('2026-11-25T13:13:03.981Z');
const en = { locale: 'en-US' as const, timeZone: 'America/Chicago', generatedAt: GENERATED };
const es = { locale: 'es-MX' as const, timeZone: 'America/Chicago', generatedAt: GENERATED };

/** Many columns with long headers, long wrapping texts, durations and instants: what broke the old layout. */
function wide(rows: number): Table {
  return {
    title: 'Alarm response',
    subtitle: ['From Nov 1, 2026 to Nov 25, 2026'],
    facts: [{ label: 'Alarms', value: String(rows) }],
    summary: [{ heading: 'By severity', columns: [{ header: 'Severity' }, { header: 'Alarms' }], rows: [['High', 3]] }],
    columns: [
      { header: 'Organization' },
      { header: 'Location' },
      { header: 'Alarm type' },
      { header: 'Raised at' },
      { header: 'Acknowledged' },
      { header: 'Ack median', align: 'right', format: 'duration' },
      { header: 'Ack p90', align: 'right', format: 'duration' },
      { header: 'Cleared' },
      { header: 'Clear median', align: 'right', format: 'duration' },
      { header: 'Clear p90', align: 'right', format: 'duration' },
      { header: 'Duration in range', align: 'right', format: 'duration' },
    ],
    rows: Array.from({ length: rows }, (_, i) => [
      `Valle Verde Supermercados row${i}`,
      `Valle Verde San Pedro Garza García store${i}`,
      `Low receiver liquid level (possible leak) and a long explanation end${i}`,
      { at: '2026-11-25T13:13:03.981Z', timeZone: 'America/Chicago' },
      i,
      3816,
      null,
      2,
      45,
      90_000,
      12 * 60 + 5,
    ]),
  };
}

describe('PDF export', () => {
  it('numbers every page "Page n of N" in the reader’s language', async () => {
    for (const [ctx, label] of [
      [en, (n: number, t: number) => `Page ${n} of ${t}`],
      [es, (n: number, t: number) => `Página ${n} de ${t}`],
    ] as const) {
      const { pages } = await readPdf(await pdfBuffer(wide(120), ctx));
      expect(pages.length).toBeGreaterThan(2);
      for (const [i, text] of pages.entries()) expect(text).toContain(label(i + 1, pages.length));
    }
  });

  it('writes durations as the screens do and every time in the reader’s language and zone, never raw ISO', async () => {
    const { pages } = await readPdf(await pdfBuffer(wide(3), en));
    const text = pages.join('\n');
    expect(text).toContain('1 h 03 min');
    expect(text).toContain('25 h 00 min');
    expect(text).toContain('12 min');
    expect(text).toContain('45 s');
    expect(text).not.toMatch(/\b3816\b/);
    expect(text).toContain('Generated Nov 25, 2026, 7:13 AM');
    expect(text).toContain('Times in America/Chicago (CST)');
    expect(text).toContain('Nov 25, 2026, 7:13 AM');
    expect(text).not.toMatch(RAW_ISO);

    const spanish = (await readPdf(await pdfBuffer(wide(3), es))).pages.join('\n');
    expect(spanish).toContain('Generado el 25 nov 2026, 7:13 a.m.');
    expect(spanish).toContain('1 h 03 min');
    expect(spanish).not.toMatch(RAW_ISO);
  });

  it('puts the summary before the detail', async () => {
    const { pages } = await readPdf(await pdfBuffer(wide(3), en));
    const text = pages[0] ?? '';
    expect(text.indexOf('By severity')).toBeGreaterThan(-1);
    expect(text.indexOf('By severity')).toBeLessThan(text.indexOf('Detail'));
  });

  it('never breaks a header or a value inside a word', async () => {
    const table = wide(20);
    const { pages } = await readPdf(await pdfBuffer(table, en));
    const words = (pages[0] ?? '').split(/\s+/);
    for (const c of table.columns) for (const w of c.header.split(' ')) expect(words).toContain(w);
    // Every long text's last word is written whole (it would be cut as "en" + "d0" if broken).
    for (let i = 0; i < 20; i += 1) expect(pages.join(' ').split(/\s+/)).toContain(`end${i}`);
  });

  it('gives each row the height of its wrapped cells: no row prints over the next', async () => {
    const { items } = await readPdf(await pdfBuffer(wide(30), en));
    for (const page of items) {
      // Rows are marked by their first cell (`… rowN`); the row's wrapped type explanation ends in `endN`.
      const rowTop = new Map<number, number>();
      const rowBottom = new Map<number, number>();
      for (const it of page) {
        const start = /row(\d+)$/.exec(it.str);
        if (start) rowTop.set(Number(start[1]), it.y + it.height);
        const end = /end(\d+)$/.exec(it.str);
        if (end) rowBottom.set(Number(end[1]), it.y);
      }
      for (const [n, bottom] of rowBottom) {
        const nextTop = rowTop.get(n + 1);
        // PDF y grows upwards: the next row's first line is below the last line of this one.
        if (nextTop !== undefined) expect(nextTop).toBeLessThan(bottom);
      }
      expect(rowTop.size).toBeGreaterThan(0);
    }
  });

  it('keeps raw seconds and dollars in the CSV, instants in the row’s zone (else the document’s) with the offset', () => {
    const csv = toCsv(
      {
        columns: [{ header: 'Ack median', format: 'duration' }, { header: 'At' }, { header: 'Total', format: 'money' }],
        rows: [
          [3816, { at: '2026-11-25T23:30:00.000Z', timeZone: 'America/Chicago' }, 64_920],
          [1, '2026-11-25T23:30:00.000Z', 1],
          [2, { at: '2026-07-01T23:30:00.000Z', timeZone: null }, 2],
        ],
      },
      'America/Mexico_City',
    )
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    expect(csv).toBe(
      'Ack median (s),At,Total (USD)\r\n3816,2026-11-25T17:30:00-06:00,649.20\r\n1,2026-11-25T17:30:00-06:00,0.01\r\n' +
        '2,2026-07-01T17:30:00-06:00,0.02\r\n',
    );
    expect(toCsv({ columns: [{ header: 'At' }], rows: [['2026-11-25T23:30:00Z']] }, 'UTC').toString('utf8')).toContain(
      '2026-11-25T23:30:00+00:00',
    );
  });
});
