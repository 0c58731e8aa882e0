import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.ts';

export type TestDatabase = Database & { label: string };

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (project server-postgres)
 * a new database created on TEST_DATABASE_URL's server and dropped when closed.
 */
export async function openTestDatabase(opts: { migrationsFolder?: string } = {}): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.RCM_TEST_DB !== 'postgres' || !url) {
    const template = opts.migrationsFolder ? undefined : await migratedTemplate();
    const database = await openDatabase({ dataDir: null, ...opts, ...(template ? { template } : {}) });
    return { ...database, label: 'pglite (in memory)' };
  }
  const name = `rcm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: dbUrl.toString(), ...opts });
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

const migrations = fileURLToPath(new URL('../../drizzle/', import.meta.url));

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
 * The committed migrations applied to an empty PGlite, dumped once per set of migrations into the
 * system's temporary folder and shared by every test file and worker: loading the dump takes a
 * sixth of the time of migrating. Named by a hash of the migration files, so a changed or added
 * migration makes a new one; written under a temporary name and renamed, so a reader never sees
 * half of it.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const file of (await readdir(migrations, { recursive: true })).sort()) {
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(await readFile(path.join(migrations, file)));
  }
  const file = path.join(tmpdir(), `rcm-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const database = await openDatabase({ dataDir: null });
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await database.close();
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  }
}
