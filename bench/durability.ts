/**
 * npm run bench:durability -- [--commits 1000] [--batches 150] [--rows 2000]
 *
 * What durable commits cost: the same writes on PGlite as it ran before (fsync off), on the embedded
 * database as it runs now (fsync on, apps/server/src/db/pglite.ts) and on PostgreSQL (fsync on, its
 * defaults). Two shapes: single-row transactions (an API write: one commit each) and batches of
 * `rows` readings in one transaction (an ingest batch: one commit per batch). Results to
 * bench/results/durability.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openEmbedded } from '../apps/server/src/db/pglite.ts';
import { freshDatabase, percentile } from './lib/bench-db.ts';

const { values } = parseArgs({
  options: {
    commits: { type: 'string', default: '1000' },
    batches: { type: 'string', default: '150' },
    rows: { type: 'string', default: '2000' },
  },
});
const commits = Number(values.commits);
const batches = Number(values.batches);
const rows = Number(values.rows);

type Exec = (text: string, params?: unknown[]) => Promise<unknown>;
type Engine = { name: string; exec: Exec; close: () => Promise<void> };

const SCHEMA = `create table r (controller_id int not null, key text not null, ts timestamptz not null, value float8);
  create index r_ckt on r (controller_id, key, ts)`;

async function pglite(name: string, durable: boolean, dir: string): Promise<Engine> {
  const db = durable
    ? await openEmbedded(dir)
    : await PGlite.create(dir).then((client) => ({ client, close: () => client.close() }));
  return { name, exec: (text, params) => db.client.query(text, params), close: db.close };
}

async function postgres(): Promise<Engine> {
  const url = await freshDatabase('rcm_bench_durability');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    name: 'PostgreSQL 15 (fsync on)',
    exec: (text, params) => client.query(text, params),
    close: () => client.end(),
  };
}

type Result = {
  engine: string;
  commitsPerS: number;
  commitP50: number;
  commitP99: number;
  batchP50: number;
  batchP99: number;
  rowsPerS: number;
};

async function measure(engine: Engine): Promise<Result> {
  for (const statement of SCHEMA.split(';')) await engine.exec(statement);
  const single: number[] = [];
  const started = performance.now();
  for (let i = 0; i < commits; i++) {
    const t = performance.now();
    await engine.exec('insert into r values ($1, $2, now(), $3)', [i % 100, 'superheat', i]);
    single.push(performance.now() - t);
  }
  const singleS = (performance.now() - started) / 1000;
  const batch: number[] = [];
  const ids = Array.from({ length: rows }, (_, i) => i % 400);
  const keys = Array.from({ length: rows }, (_, i) => `point_${i % 10}`);
  const vals = Array.from({ length: rows }, (_, i) => i / 10);
  const batchStarted = performance.now();
  for (let b = 0; b < batches; b++) {
    const t = performance.now();
    await engine.exec(
      `insert into r select c, k, now(), v from unnest($1::int[], $2::text[], $3::float8[]) as t(c, k, v)`,
      [ids, keys, vals],
    );
    batch.push(performance.now() - t);
  }
  const batchS = (performance.now() - batchStarted) / 1000;
  single.sort((a, b) => a - b);
  batch.sort((a, b) => a - b);
  return {
    engine: engine.name,
    commitsPerS: Math.round(commits / singleS),
    commitP50: percentile(single, 50),
    commitP99: percentile(single, 99),
    batchP50: percentile(batch, 50),
    batchP99: percentile(batch, 99),
    rowsPerS: Math.round((batches * rows) / batchS),
  };
}

const root = mkdtempSync(path.join(os.tmpdir(), 'rcm-bench-durability-'));
const results: Result[] = [];
try {
  for (const open of [
    () => pglite('PGlite, fsync off (before)', false, path.join(root, 'off')),
    () => pglite('PGlite, fsync on (embedded default now)', true, path.join(root, 'on')),
    () => postgres(),
  ]) {
    const engine = await open();
    try {
      results.push(await measure(engine));
      console.log(results.at(-1));
    } finally {
      await engine.close();
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}

const ms = (v: number) => v.toFixed(2);
const table = [
  '| engine | single-row commits/s | commit p50 ms | commit p99 ms | batch p50 ms | batch p99 ms | readings/s in batches |',
  '|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.engine} | ${r.commitsPerS} | ${ms(r.commitP50)} | ${ms(r.commitP99)} | ${ms(r.batchP50)} | ${ms(r.batchP99)} | ${r.rowsPerS} |`,
  ),
].join('\n');
const file = path.resolve(import.meta.dirname, 'results/durability.md');
writeFileSync(
  file,
  `# durability

Recorded by \`npm run bench:durability -- --commits ${commits} --batches ${batches} --rows ${rows}\` on ${new Date().toISOString()}.
Machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB; the data directories in ${os.tmpdir()} (the same disk as PostgreSQL's).

Single-row commits: ${commits} transactions of one insert each (an API write). Batches: ${batches} transactions of ${rows}
readings each through \`unnest\` (an ingest batch), into a table with the readings index \`(controller_id, key, ts)\`.

${table}
`,
);
console.log(`\n${table}\n\nwritten to ${file}`);
