import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { openEmbedded } from '../../db/pglite.ts';
import { query } from '../../lib/sql.ts';
import { type Backups, createBackups } from './backups.ts';
import { restoreBackup } from './restore.ts';

const run = promisify(execFile);
const serverRoot = fileURLToPath(new URL('../../..', import.meta.url));

let root: string;
let database: Database;
let backups: Backups;
/** Runs between the copy of the data files and pg_backup_stop (createBackups' afterCopy). */
let duringCopy: () => Promise<void> = async () => undefined;
const clock = { now: new Date('2026-11-25T03:00:00.000Z') };

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'rcm-backups-'));
  database = await openDatabase({ dataDir: path.join(root, 'data') });
  // As by default: the backups under the data directory (./data/backups).
  backups = createBackups({
    db: database.db,
    embedded: database.embedded ?? null,
    dir: path.join(root, 'data', 'backups'),
    keep: 2,
    now: () => clock.now,
    afterCopy: () => duringCopy(),
  });
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function organizationNames(db: Database['db']): Promise<string[]> {
  return (await query<{ name: string }>(db, sql`select name from organizations order by id`)).map((r) => r.name);
}

// PGlite on disk only: the PostgreSQL run of the server tests has nothing more to prove here.
const embeddedOnly = process.env.RCM_TEST_DB === 'postgres';

describe.skipIf(embeddedOnly)('backups of the embedded database', () => {
  it('copies while the server writes, and the restore holds everything committed before the backup ended', async () => {
    await database.db.execute(sql`insert into organizations (name) values ('Before the backup')`);
    // Rows that exist only in the WAL: written after the data files were read, before pg_backup_stop;
    // and a row the copy read, changed after it.
    duringCopy = async () => {
      // The scheduled checkpoint task waits meanwhile (embedded.ts): the backup needs its WAL.
      expect(backups.running()).toBe(true);
      for (let i = 0; i < 50; i++) {
        await database.db.execute(sql`insert into organizations (name) values (${`During the copy ${i}`})`);
      }
      await database.db.execute(
        sql`update organizations set name = 'Renamed during the copy' where name = 'Before the backup'`,
      );
    };
    // And a writer that never waits for the backup: a commit every 10 ms or so, as requests come in
    // (a loop of awaited statements alone would never let the backup's file reads run).
    let stop = false;
    const writing = (async () => {
      for (let i = 0; !stop; i++) {
        await database.db.execute(sql`insert into organizations (name) values (${`Meanwhile ${i}`})`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const info = await backups.create('manual');
    expect(backups.running()).toBe(false);
    stop = true;
    await writing;
    duringCopy = async () => undefined;
    await database.db.execute(sql`insert into organizations (name) values ('After the backup')`);

    expect(info.name).toMatch(/^rcm-20261125T030000000Z\.tar\.gz$/);
    expect(info.created_at).toBe('2026-11-25T03:00:00.000Z');
    expect(info.size_bytes).toBeGreaterThan(100_000);
    expect(backups.list()).toEqual([info]);

    const restored = path.join(root, 'restored');
    const result = await restoreBackup(path.join(backups.dir, info.name), restored);
    expect(result.files).toBeGreaterThan(100);
    // The backup does not hold the backups (they sit inside the data directory), nor the running server's files.
    expect(fs.existsSync(path.join(restored, 'backups'))).toBe(false);
    expect(fs.existsSync(path.join(restored, 'postmaster.pid'))).toBe(false);
    // Recovery started from the backup's label (PostgreSQL renames it once used).
    expect(fs.existsSync(path.join(restored, 'backup_label.old'))).toBe(true);
    const copy = await openEmbedded(restored);
    try {
      const names = (await copy.client.query<{ name: string }>('select name from organizations order by id')).rows.map(
        (r) => r.name,
      );
      const now = await organizationNames(database.db);
      expect(names).toContain('Renamed during the copy');
      expect(names).not.toContain('Before the backup');
      for (let i = 0; i < 50; i++) expect(names).toContain(`During the copy ${i}`);
      expect(names).not.toContain('After the backup');
      // A prefix of what the live database has: the copy is one moment of it.
      expect(now.slice(0, names.length)).toEqual(names);
    } finally {
      await copy.close();
    }
  }, 120_000);

  it('keeps the newest BACKUP_KEEP of each kind', async () => {
    for (const hour of [1, 2, 3]) {
      clock.now = new Date(`2026-11-2${hour}T03:00:00.000Z`);
      await backups.create('nightly');
    }
    const names = backups.list().map((b) => b.name);
    expect(names.filter((n) => n.endsWith('-nightly.tar.gz'))).toEqual([
      'rcm-20261123T030000000Z-nightly.tar.gz',
      'rcm-20261122T030000000Z-nightly.tar.gz',
    ]);
    expect(names.filter((n) => !n.endsWith('-nightly.tar.gz'))).toHaveLength(1);
  });

  it('knows when a nightly backup is due', () => {
    clock.now = new Date('2026-11-23T03:30:00.000Z');
    expect(backups.nightlyDue(3)).toBe(false);
    clock.now = new Date('2026-11-24T03:05:00.000Z');
    expect(backups.nightlyDue(3)).toBe(true);
    expect(backups.nightlyDue(4)).toBe(false);
  });

  it('finds only backup names: no path leaves the directory', () => {
    expect(backups.file('../data/PG_VERSION')).toBeNull();
    expect(backups.file('rcm-20261123T030000000Z-nightly.tar.gz')).not.toBeNull();
    expect(backups.file('rcm-20991123T030000000Z.tar.gz')).toBeNull();
  });

  it('restore (npm run restore) refuses a directory that is not empty, and restores into a new one', async () => {
    const [newest] = backups.list();
    if (!newest) throw new Error('no backup');
    const file = path.join(backups.dir, newest.name);
    const busy = path.join(root, 'busy');
    fs.mkdirSync(busy);
    fs.writeFileSync(path.join(busy, 'something'), 'x');
    const cli = (dir: string) =>
      run('npx', ['tsx', 'src/features/ops/restore-cli.ts', file, '--data-dir', dir], { cwd: serverRoot }).then(
        (r) => ({ code: 0, out: r.stdout }),
        (e: { code: number; stderr: string }) => ({ code: e.code, out: e.stderr }),
      );
    const refused = await cli(busy);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('is not empty');
    expect(fs.readdirSync(busy)).toEqual(['something']);
    const done = await cli(path.join(root, 'fresh'));
    expect(done.code).toBe(0);
    expect(done.out).toContain('Restored');
  });
});
