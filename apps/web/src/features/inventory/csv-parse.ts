/** Splits CSV text into rows of cells (RFC 4180: quoted cells may hold commas, quotes and newlines). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && input[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  // Blank lines (a trailing newline, an empty line in the middle) are not rows.
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

/** The header row names the columns; each following row becomes a record of those columns. */
export function toRecords(rows: string[][]): { columns: string[]; records: Record<string, string>[] } {
  const [header = [], ...data] = rows;
  const columns = header.map((h) => h.trim().toLowerCase());
  const records = data.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i] ?? ''])));
  return { columns, records };
}
