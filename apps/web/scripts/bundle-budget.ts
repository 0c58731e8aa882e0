/**
 * The JavaScript a first visit downloads, gzip, from Vite's manifest: the entry and everything it
 * imports statically, plus the page chunks a route loads. Fails when a budget is exceeded, or when a
 * first visit loads zod: the first screens import their vocabulary from zod-free modules of
 * `@rcm/shared` (filter-values, units, permissions, …), and schemas load with the forms that use them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type Chunk = { file: string; imports?: string[]; isEntry?: boolean; src?: string; name?: string };

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  for (const k of keys) visit(k);
  return seen;
}

function gzipKiB(keys: Set<string>): number {
  let bytes = 0;
  for (const key of keys) {
    const file = manifest[key]?.file;
    if (file?.endsWith('.js')) bytes += gzipSync(readFileSync(path.join(dist, file))).length;
  }
  return Math.round((bytes / 1024) * 10) / 10;
}

/** Chunks of the set that hold zod's core (its type marker survives minification). */
function zodChunks(keys: Set<string>): string[] {
  return [...keys]
    .map((key) => manifest[key]?.file)
    .filter((file): file is string => !!file?.endsWith('.js'))
    .filter((file) => /["'`]\$ZodType["'`]/.test(readFileSync(path.join(dist, file), 'utf8')));
}

const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
const bySource = (part: string) => Object.keys(manifest).filter((k) => k.includes(part));
if (!entry) throw new Error('no entry in the manifest: build with build.manifest');

const budgets = [
  // The English catalog is loaded before the first render (lib/i18n.ts), so it counts.
  { name: 'login page', keys: [entry, ...bySource('locales/en-US.ts')], limit: 150 },
  {
    name: 'dashboard',
    // A signed-in page also loads the strings only signed-in pages use (locales/en-US-app.ts).
    keys: [
      entry,
      ...bySource('locales/en-US.ts'),
      ...bySource('locales/en-US-app.ts'),
      ...bySource('app-shell.tsx'),
      ...bySource('dashboard-page.tsx'),
    ],
    limit: 300,
  },
];
const lines: string[] = [];
let failed = false;
for (const b of budgets) {
  const keys = closure(b.keys);
  const size = gzipKiB(keys);
  const zod = zodChunks(keys);
  const ok = size <= b.limit && zod.length === 0;
  failed ||= !ok;
  const verdict = size > b.limit ? 'OVER' : zod.length ? `loads zod (${zod.join(', ')})` : 'within';
  lines.push(`| ${b.name} | ${size} KiB | ${b.limit} KiB | ${verdict} |`);
}
console.log(['| first visit | JS gzip | budget | |', '|---|---|---|---|', ...lines].join('\n'));
if (process.env.BUNDLE_REPORT) {
  writeFileSync(
    process.env.BUNDLE_REPORT,
    `# Bundle budget\n\nRecorded by \`npm run budget -w apps/web\` after \`npm run build\`.\n\n| first visit | JS gzip | budget | |\n|---|---|---|---|\n${lines.join('\n')}\n`,
  );
}
process.exit(failed ? 1 : 0);
