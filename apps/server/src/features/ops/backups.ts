import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { writeTarGz } from './tar.ts';

export type BackupInfo = { name: string; size_bytes: number; created_at: string };
export type BackupKind = 'manual' | 'nightly';

/** rcm-20261125T031500123Z.tar.gz (manual) or rcm-20261125T031500123Z-nightly.tar.gz. */
export const BACKUP_NAME = /^rcm-(\d{8}T\d{9}Z)(-nightly)?\.tar\.gz$/;

function stamp(at: Date): string {
  return at.toISOString().replace(/[-:.]/g, '');
}

function createdAt(name: string): string {
  const m = BACKUP_NAME.exec(name)?.[1] ?? '';
  return `${m.slice(0, 4)}-${m.slice(4, 6)}-${m.slice(6, 8)}T${m.slice(9, 11)}:${m.slice(11, 13)}:${m.slice(13, 15)}.${m.slice(15, 18)}Z`;
}

function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Backups of the embedded database: a consistent copy of the data directory while the server runs.
 * A CHECKPOINT first (a restore then replays little WAL), then the files are archived while PGlite's
 * query lock is held: no statement runs meanwhile, so the copy is the state between two statements,
 * which the WAL makes consistent on start (uncommitted work is rolled back). Writes wait for the copy.
 * On PostgreSQL, backups are PostgreSQL's own business (pg_dump, base backups): 409.
 */
export function createBackups(deps: {
  db: Db;
  embedded: { dataDir: string; client: PGlite } | null;
  dir: string;
  keep: number;
  now: () => Date;
  log?: FastifyBaseLogger;
}) {
  const { now } = deps;
  const dir = path.resolve(deps.dir);
  let queue: Promise<unknown> = Promise.resolve();

  function list(): BackupInfo[] {
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((name) => BACKUP_NAME.test(name))
      .map((name) => ({ name, size_bytes: fs.statSync(path.join(dir, name)).size, created_at: createdAt(name) }))
      .sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
  }

  /** The newest `keep` of each kind stay. */
  function prune(): string[] {
    const removed: string[] = [];
    for (const nightly of [true, false]) {
      const ofKind = list().filter((b) => b.name.endsWith('-nightly.tar.gz') === nightly);
      for (const old of ofKind.slice(deps.keep)) {
        fs.rmSync(path.join(dir, old.name), { force: true });
        removed.push(old.name);
      }
    }
    return removed;
  }

  async function write(embedded: { dataDir: string; client: PGlite }, kind: BackupKind, on: Db | Tx) {
    fs.mkdirSync(dir, { recursive: true });
    const name = `rcm-${stamp(now())}${kind === 'nightly' ? '-nightly' : ''}.tar.gz`;
    const file = path.join(dir, name);
    const partial = `${file}.partial`;
    await on.execute(sql`checkpoint`);
    const dataDir = path.resolve(embedded.dataDir);
    // The backup directory may sit inside the data directory (the default ./data/backups).
    const inside = path.relative(dataDir, dir);
    const skip = (rel: string) => !inside.startsWith('..') && (rel === inside || rel.startsWith(`${inside}/`));
    const started = performance.now();
    try {
      await embedded.client.runExclusive(() => writeTarGz(dataDir, partial, skip));
      fsyncFile(partial);
      fs.renameSync(partial, file);
      fsyncFile(dir);
    } catch (err) {
      fs.rmSync(partial, { force: true });
      throw err;
    }
    const info = { name, size_bytes: fs.statSync(file).size, created_at: createdAt(name) };
    const removed = prune();
    deps.log?.info({ ...info, ms: Math.round(performance.now() - started), removed }, 'backup written');
    return info;
  }

  return {
    dir,
    keep: deps.keep,
    available: deps.embedded !== null,
    list,

    /** One backup at a time; `on`: the transaction of a scheduled job, when it runs in one. */
    create(kind: BackupKind, on: Db | Tx = deps.db): Promise<BackupInfo> {
      const embedded = deps.embedded;
      if (!embedded) return Promise.reject(new AppError(409, 'backups_external'));
      const run = queue.then(() => write(embedded, kind, on));
      queue = run.catch(() => undefined);
      return run;
    },

    /** The backup's file, or null when there is none of that name. */
    file(name: string): string | null {
      if (!BACKUP_NAME.test(name)) return null;
      const file = path.join(dir, name);
      return fs.existsSync(file) ? file : null;
    },

    /** Whether a nightly backup is due: the hour has come and none was made in the last 20 hours. */
    nightlyDue(hourUtc: number): boolean {
      const at = now();
      if (at.getUTCHours() !== hourUtc) return false;
      const last = list().find((b) => b.name.endsWith('-nightly.tar.gz'));
      return !last || at.getTime() - Date.parse(last.created_at) > 20 * 3_600_000;
    },
  };
}

export type Backups = ReturnType<typeof createBackups>;
