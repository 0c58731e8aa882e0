import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Appends one result row to bench/results/<name>.md (a table with a header on first use). */
export function record(name: string, header: string[], row: (string | number)[]): void {
  const file = path.resolve(import.meta.dirname, '../results', `${name}.md`);
  if (!existsSync(file)) {
    writeFileSync(
      file,
      `# ${name}\n\nRecorded by \`npm run bench:${name}\`. Machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB.\n\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|\n`,
    );
  }
  appendFileSync(file, `| ${row.join(' | ')} |\n`);
}
