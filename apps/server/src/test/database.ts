import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { onTestFinished } from 'vitest';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import { ensureReadingsPartitions } from '../db/readings-partitions.ts';

export type TestDatabase = Database & { label: string };

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (project server-postgres)
 * a new database copied from a migrated template on TEST_DATABASE_URL's server and dropped when
 * closed. Whatever day the
 * PGlite template was made on, the readings' day partitions from today on exist once it is open,
 * as the server ensures them at start-up.
 */
export async function openTestDatabase(opts: { migrationsFolder?: string } = {}): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.RCM_TEST_DB !== 'postgres' || !url) {
    const template = opts.migrationsFolder ? undefined : await migratedTemplate();
    const database = await openDatabase({ dataDir: null, ...opts, ...(template ? { template } : {}) });
    await ensureDayPartitions(database.db);
    return { ...database, label: 'pglite (in memory)' };
  }
  const name = `rcm_test_${randomBytes(6).toString('hex')}`;
  const template = opts.migrationsFolder ? undefined : await postgresTemplate(url);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: dbUrl.toString(), ...opts });
  await ensureDayPartitions(database.db);
  return {
    ...database,
    label: `postgresql (${name})`,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

const ensureDayPartitions = (db: Db) =>
  db.transaction((tx) => ensureReadingsPartitions(tx as unknown as Db, new Date()));

const migrations = fileURLToPath(new URL('../../drizzle/', import.meta.url));

const TEMPLATE_PREFIX = 'rcm-test-pglite-';
/** Another set of migrations' template unused this long is removed (a branch's or an older commit's). */
const TEMPLATE_UNUSED_MS = 24 * 60 * 60_000;

/**
 * A copy of the migrations folder holding those before `tag` only (a test of that migration opens a
 * database with them, adds rows, then runs `migrateDatabase`). `remove` deletes the copy.
 */
export async function migrationsBefore(tag: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rcm-migrations-'));
  await cp(migrations, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag === tag);
  if (upTo < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, upTo);
  await writeFile(journalFile, JSON.stringify(journal));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * A database migrated up to, not including, migration `tag`, for a test of that migration: apply it
 * with `migrateDatabase`. Closed and its migrations folder removed when the test finishes.
 */
export async function openDatabaseBefore(tag: string): Promise<TestDatabase> {
  const before = await migrationsBefore(tag);
  onTestFinished(before.remove);
  const database = await openTestDatabase({ migrationsFolder: before.dir });
  onTestFinished(() => database.close());
  return database;
}

/**
 * The committed migrations applied to an empty PGlite, dumped once per set of migrations into the
 * system's temporary folder and shared by every test file and worker: loading the dump takes a
 * sixth of the time of migrating. Named by a hash of the migration files, so a changed or added
 * migration makes a new one; written under a temporary name and renamed, so a reader never sees
 * half of it. Each use marks it used; making a new one removes the templates of other migration
 * sets unused for a day (43 MB each).
 */
async function migratedTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `${TEMPLATE_PREFIX}${await migrationsHash()}.tar`);
  try {
    const blob = new Blob([await readFile(file)]);
    const now = new Date();
    await utimes(file, now, now).catch(() => undefined);
    return blob;
  } catch {
    await removeUnusedTemplates(file);
    const database = await openDatabase({ dataDir: null });
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await database.close();
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  }
}

async function removeUnusedTemplates(keep: string): Promise<void> {
  for (const name of await readdir(tmpdir())) {
    const other = path.join(tmpdir(), name);
    if (!name.startsWith(TEMPLATE_PREFIX) || other === keep) continue;
    const info = await stat(other).catch(() => null);
    if (info && Date.now() - info.mtimeMs > TEMPLATE_UNUSED_MS) await rm(other, { force: true });
  }
}

let hashed: Promise<string> | undefined;

/**
 * The committed migrations' files, hashed once per worker: a changed or added migration makes
 * another template.
 */
function migrationsHash(): Promise<string> {
  hashed ??= (async () => {
    const hash = createHash('sha256');
    for (const file of (await readdir(migrations, { recursive: true })).sort()) {
      if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
      hash.update(file).update(await readFile(path.join(migrations, file)));
    }
    return hash.digest('hex').slice(0, 16);
  })();
  return hashed;
}

const PG_TEMPLATE_PREFIX = 'rcm_template_';
let pgTemplate: Promise<string> | undefined;

/**
 * The name of a database on the test server holding the committed migrations, made once per set of
 * migrations and copied by `create database … template` for each test file (a copy takes under half
 * the time of migrating). Made under a session advisory lock, so workers that start together make it
 * once; nobody connects to it after, as a template requires. Making it drops the templates of other
 * migration sets.
 */
function postgresTemplate(url: string): Promise<string> {
  pgTemplate ??= (async () => {
    const name = `${PG_TEMPLATE_PREFIX}${await migrationsHash()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`select pg_advisory_lock(hashtext('${PG_TEMPLATE_PREFIX}'))`);
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [PG_TEMPLATE_PREFIX],
      );
      if (rows.some((r) => r.datname === name)) return name;
      for (const other of rows) await admin.query(`drop database if exists ${other.datname} with (force)`);
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${building}`);
      const dbUrl = new URL(url);
      dbUrl.pathname = `/${building}`;
      await (await openDatabase({ url: dbUrl.toString() })).close();
      await admin.query(`alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await admin.end();
    }
  })();
  pgTemplate.catch(() => {
    pgTemplate = undefined;
  });
  return pgTemplate;
}
