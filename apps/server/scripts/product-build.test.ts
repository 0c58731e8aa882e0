import { access, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT, ROOT_FILES, SOURCES, staleness, writeStamp } from './product-build.mjs';

const opts = {
  sources: ['apps/web', 'apps/server'],
  rootFiles: ['package-lock.json'],
  outputs: ['apps/web/dist/index.html', 'apps/server/dist/main.js'],
  stamp: 'node_modules/.cache/stamp',
};

let root: string;
const put = async (file: string, body: string) => {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), body);
};

/** A product built from its sources: the outputs there and the stamp written. */
async function built() {
  await put('apps/web/dist/index.html', '<html></html>');
  await put('apps/server/dist/main.js', '');
  const { hash } = await staleness(root, opts);
  await writeStamp(root, hash, opts.stamp);
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'product-build-'));
  await put('package-lock.json', '{"lockfileVersion": 3}');
  await put('apps/web/src/main.tsx', 'export const a = 1;');
  await put('apps/server/src/main.ts', 'export const b = 1;');
});
afterEach(async () => rm(root, { recursive: true, force: true }));

describe('whether npm start must build', () => {
  it('builds when there is no build, or it did not finish', async () => {
    expect((await staleness(root, opts)).reason).toBe('missing');
    await put('apps/web/dist/index.html', '<html></html>');
    await put('apps/server/dist/main.js', '');
    expect((await staleness(root, opts)).reason).toBe('unbuilt');
  });

  it('builds nothing when nothing changed, though timestamps did', async () => {
    await built();
    await utimes(path.join(root, 'apps/web/src/main.tsx'), new Date(), new Date(Date.now() + 60_000));
    expect((await staleness(root, opts)).reason).toBeNull();
  });

  it('builds again when a source, a new source or the lockfile changed, or an output is gone', async () => {
    await built();
    await put('apps/web/src/main.tsx', 'export const a = 2;');
    expect((await staleness(root, opts)).reason).toBe('changed');

    await built();
    await put('apps/server/src/new-feature.ts', 'export const c = 1;');
    expect((await staleness(root, opts)).reason).toBe('changed');

    await built();
    await put('package-lock.json', '{"lockfileVersion": 3, "packages": {}}');
    expect((await staleness(root, opts)).reason).toBe('changed');

    await built();
    await rm(path.join(root, 'apps/server/dist/main.js'));
    expect((await staleness(root, opts)).reason).toBe('missing');
  });

  it('ignores what the build and the product write, and test files', async () => {
    await built();
    await put('apps/web/dist/assets/index-abc.js', 'x');
    await put('apps/server/data/pg/base/1', 'rows');
    await put('apps/server/node_modules/.vite/cache', 'x');
    await put('apps/server/src/main.test.ts', 'it()');
    expect((await staleness(root, opts)).reason).toBeNull();
  });
});

it('reads the repository it is in: its root files and workspaces are there', async () => {
  for (const entry of [...ROOT_FILES, ...SOURCES]) await access(path.join(REPO_ROOT, entry));
});
