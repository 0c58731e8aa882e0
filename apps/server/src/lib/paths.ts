import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's directory (`apps/server`): the nearest directory above this module with a
 * package.json. The same whether the module runs from source (`src/lib/paths.ts`) or bundled into
 * `dist/main.js`, so files the server reads at run time (migrations, the built SPA) are found from
 * either.
 */
export const serverRoot = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(dir: string): string {
  for (let d = dir; ; d = path.dirname(d)) {
    if (existsSync(path.join(d, 'package.json'))) return d;
    if (path.dirname(d) === d) throw new Error(`no package.json above ${dir}`);
  }
}
