// Builds the product: the console (apps/web, which the server serves), the server, and the store gateway
// (apps/gateway: its standalone bundle, which the demo runs). Always, or
// with `--if-stale` (what `npm start` runs) only when a build is needed: its outputs are missing, or the
// sources differ from those of the last build this script finished. The sources are the workspaces the
// build reads (their files, test files aside) and the root's package files; their contents are hashed,
// so a checkout that changes timestamps and nothing else builds nothing. The hash is written to a stamp
// after a build succeeded and removed before one starts, so a failed build is tried again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspaces the build reads, and the root's files that change what it produces. */
export const SOURCES = ['packages/shared', 'apps/simulator', 'apps/gateway', 'apps/web', 'apps/server'];
export const ROOT_FILES = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
/** What the build leaves behind; without one of them the product cannot start. */
export const OUTPUTS = ['apps/web/dist/index.html', 'apps/server/dist/main.js', 'apps/gateway/dist/rcm-gateway.mjs'];
export const STAMP = 'node_modules/.cache/rcm/build-stamp';
/** The repository: this file is apps/server/scripts/product-build.mjs. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Directories that hold what the build or the product writes, never what it reads. */
const GENERATED = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report']);
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

async function filesUnder(root, dir) {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true }).catch((err) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const files = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.') || GENERATED.has(entry.name)) continue;
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await filesUnder(root, rel)));
    else if (entry.isFile() && !TEST_FILE.test(entry.name)) files.push(rel);
  }
  return files;
}

/** A hash of every source file's path and contents under `root`, in a fixed order. */
export async function sourcesHash(root, opts = {}) {
  const sources = opts.sources ?? SOURCES;
  const rootFiles = opts.rootFiles ?? ROOT_FILES;
  const files = [...rootFiles];
  for (const dir of sources) files.push(...(await filesUnder(root, dir)));
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const body = await readFile(path.join(root, file)).catch((err) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    if (body === null) continue;
    hash.update(`${file}\0${body.length}\0`);
    hash.update(body);
  }
  return hash.digest('hex');
}

const exists = (file) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * Whether the product must be built, and why: `missing` (an output is not there), `unbuilt` (no
 * build finished since the stamp was written or removed), `changed` (the sources are not those of the last
 * build), or null (it is up to date). `hash` is the sources' hash, for the stamp.
 */
export async function staleness(root, opts = {}) {
  const hash = await sourcesHash(root, opts);
  const outputs = opts.outputs ?? OUTPUTS;
  for (const output of outputs) if (!(await exists(path.join(root, output)))) return { reason: 'missing', hash };
  const stamp = await readFile(path.join(root, opts.stamp ?? STAMP), 'utf8').catch(() => null);
  if (stamp === null) return { reason: 'unbuilt', hash };
  return { reason: stamp.trim() === hash ? null : 'changed', hash };
}

export async function writeStamp(root, hash, stamp = STAMP) {
  await mkdir(path.dirname(path.join(root, stamp)), { recursive: true });
  await writeFile(path.join(root, stamp), `${hash}\n`);
}

const REASONS = {
  missing: 'no build yet',
  unbuilt: 'the last build did not finish',
  changed: 'the sources changed since the last build',
};

function run(workspace) {
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function main() {
  const root = REPO_ROOT;
  const ifStale = process.argv.includes('--if-stale');
  const { reason, hash } = await staleness(root);
  if (ifStale && reason === null) {
    console.log('The console and the server are up to date with their sources: not building them.');
    return;
  }
  if (ifStale) console.log(`Building the console and the server: ${REASONS[reason]}.`);
  await rm(path.join(root, STAMP), { force: true });
  run('apps/web');
  run('apps/server');
  // The demo's store gateway runs the gateway's standalone bundle, as a store box does.
  run('apps/gateway');
  await writeStamp(root, hash);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
