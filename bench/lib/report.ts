import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Appends one result row to bench/results/<name>.md (a table with a header on first use, and a new
 * table when the columns changed since the last one).
 */
export function record(name: string, header: string[], row: (string | number)[]): void {
  const file = path.resolve(import.meta.dirname, '../results', `${name}.md`);
  const headerLines = `| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|\n`;
  if (!existsSync(file)) {
    writeFileSync(
      file,
      `# ${name}\n\nRecorded by \`npm run bench:${name}\`. Machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB.\n\n${headerLines}`,
    );
  } else {
    const headers = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line, i, lines) => line.startsWith('|') && /^\|[-| ]+\|$/.test(lines[i + 1] ?? ''));
    // Biome pads the tables it formats: compare without spaces.
    const bare = (line: string | undefined) => (line ?? '').replace(/\s+/g, '');
    if (bare(headers.at(-1)) !== bare(`| ${header.join(' | ')} |`)) appendFileSync(file, `\n${headerLines}`);
  }
  appendFileSync(file, `| ${row.join(' | ')} |\n`);
}

/** `record` with each column's header beside its value. */
export function recordColumns(name: string, columns: [header: string, value: string | number][]): void {
  record(
    name,
    columns.map(([h]) => h),
    columns.map(([, v]) => v),
  );
}
