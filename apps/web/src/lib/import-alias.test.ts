import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * An import that leaves its area says where it goes: `@/features/jobs`, `@/lib/format.ts`. An area
 * is a feature (`features/<name>`), else the first folder under src (`app`, `components`, `lib`, …).
 * Relative paths stay inside an area, so moving a feature's file never reaches into another's.
 */
const SRC = join(__dirname, '..');
const SPECIFIER = /(?:from|import|vi\.mock|vi\.importActual|vi\.doMock)(?:<[^>]*>)?\s*\(?\s*(['"])(\.\.?\/[^'"]*)\1/g;

function area(file: string): string {
  const parts = relative(SRC, file).split(sep);
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  return parts.length > 1 ? (parts[0] ?? '.') : '.';
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** The relative imports of `text` (the file at `file`) that leave its area, with their lines. */
function leaving(file: string, text: string): string[] {
  return [...text.matchAll(SPECIFIER)]
    .filter((m) => area(resolve(dirname(file), m[2] ?? '')) !== area(file))
    .map((m) => `${text.slice(0, m.index).split('\n').length}: ${m[2]}`);
}

describe('import alias', () => {
  it('finds a relative import leaving its area in each form it refuses', () => {
    const file = join(SRC, 'features/jobs/pages/job-page.tsx');
    expect(leaving(file, "import { a } from '../../alarms/index.ts';\nimport '../api/jobs.ts';")).toEqual([
      '1: ../../alarms/index.ts',
    ]);
    expect(leaving(file, "vi.mock('../../../lib/api-client.ts');\nawait import('../../../app/router.tsx');")).toEqual([
      '1: ../../../lib/api-client.ts',
      '2: ../../../app/router.tsx',
    ]);
    expect(
      leaving(file, "import { a } from '@/features/alarms/index.ts';\nimport { b } from './job-form.tsx';"),
    ).toEqual([]);
  });

  it('leads every import leaving its area through @/', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      if (file === __filename) continue;
      for (const hit of leaving(file, readFileSync(file, 'utf8'))) found.push(`${relative(SRC, file)}:${hit}`);
    }
    expect(found).toEqual([]);
  });
});
