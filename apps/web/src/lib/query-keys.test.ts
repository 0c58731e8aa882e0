import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A query key is written once, in its feature's `api/keys.ts` factory; queries, live queries and
 * invalidations take it from there (another feature's keys through that feature's `index.ts`).
 * This refuses a literal key array anywhere else in the console's source.
 */
const SRC = join(__dirname, '..');

/** `queryKey: [`, `useLiveQuery([`, and `[` as a query client method's first argument. */
const LITERAL_KEY =
  /queryKey\s*:\s*\[|useLiveQuery\(\s*\[|\.(?:setQueryData|getQueryData|getQueryState|removeQueries|resetQueries|invalidateQueries|refetchQueries|cancelQueries)\(\s*\[/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

function literalKeys(text: string): number[] {
  return [...text.matchAll(LITERAL_KEY)].map((m) => text.slice(0, m.index).split('\n').length);
}

describe('query keys', () => {
  it('finds a literal key in each form it refuses', () => {
    expect(literalKeys("useQuery({ queryKey: ['jobs', id], queryFn })")).toEqual([1]);
    expect(literalKeys("useLiveQuery(['jobs'], {})\nqueryClient.setQueryData(['x'], 1)")).toEqual([1, 2]);
    expect(literalKeys('useQuery({ queryKey: jobKeys.detail(id), queryFn })')).toEqual([]);
  });

  it('are written only in the features’ api/keys.ts', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const path = relative(SRC, file).split(sep).join('/');
      if (path.endsWith('/api/keys.ts')) continue;
      for (const line of literalKeys(readFileSync(file, 'utf8'))) found.push(`${path}:${line}`);
    }
    expect(found).toEqual([]);
  });
});
