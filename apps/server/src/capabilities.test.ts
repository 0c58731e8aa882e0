import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One capability vocabulary: routes declare actions (`needs('controller.edit')`, typed by
 * `@rcm/shared/policies`), services ask `can` or `requireScope(ctx, domain, ...actions)`, and a role's
 * permissions are read in SQL only by the access module (`roleHoldsSql`, `mayViewSql` in
 * features/auth/scope.ts). This sweep refuses a SQL permission read anywhere else on the server.
 */
const ROOT = join(__dirname);
const ACCESS_MODULE = 'features/auth/scope.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('one capability vocabulary', () => {
  it("reads a role's permissions in SQL only in the access module", () => {
    const offenders = sourceFiles(ROOT)
      .map((file) => relative(ROOT, file))
      .filter((file) => file !== ACCESS_MODULE && !file.startsWith('test/'))
      .filter((file) => /=\s*any\(\s*[\w.${}]*permissions\s*\)/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('finds the one it allows (the sweep reads the files it means to)', () => {
    expect(readFileSync(join(ROOT, ACCESS_MODULE), 'utf8')).toMatch(/=\s*any\(\$\{role\}\.permissions\)/);
  });
});
