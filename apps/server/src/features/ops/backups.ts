import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { DISK_RESERVE_FILE } from '../../db/disk-reserve.ts';
import { AppError } from '../../lib/errors.ts';
import { bufferEntry, entries, treeFile, writeTarGzOf } from './tar.ts';

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
 * What a base backup leaves out of the data directory (as pg_basebackup does): the running server's
 * own files, directories whose content only means something to it (kept, empty), the WAL (copied
 * after pg_backup_stop, only the segments the backup needs), and ours (the disk reserve).
 */
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
]);
const EMPTIED_DIRS = [
  'pg_wal',
  'pg_replslot',
  'pg_stat_tmp',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
];

function skippedInBaseBackup(rel: string): boolean {
  if (SKIPPED_FILES.has(rel) || rel === 'global/pg_control') return true;
  if (rel === DISK_RESERVE_FILE || rel.startsWith(`${DISK_RESERVE_FILE}.`)) return true;
  if (rel.endsWith('/pg_internal.init') || rel === 'pg_internal.init') return true;
  return EMPTIED_DIRS.some((dir) => rel.startsWith(`${dir}/`));
}

/** The WAL segment's file name that a label line names: `START WAL LOCATION: 0/2000028 (file 0000…02)`. */
function labelFile(label: string, key: string): string {
  const match = new RegExp(`^${key}: \\S+ \\(file ([0-9A-F]{24})\\)$`, 'm').exec(label);
  if (!match?.[1]) throw new Error(`backup label without ${key}`);
  return match[1];
}

/**
 * Backups of the embedded database, online: PostgreSQL's base backup while the server keeps
 * writing. `pg_backup_start` (a checkpoint; full-page writes from then on), the data directory's
 * files streamed into a `.tar.gz` between other statements, `pg_backup_stop` (its backup_label goes
 * into the archive), then the WAL segments from the backup's start to its stop. The files may be
 * copied mid-write; a restore (restore.ts) starts recovery at the label's checkpoint and replays the
 * WAL to past the backup's end, which makes them consistent: everything committed before
 * `pg_backup_stop` is in the backup. No lock is held: writers wait only for the checkpoint and the
 * two function calls. Checkpoints of the scheduled task are held meanwhile (`running`), so the WAL the
 * backup needs stays in pg_wal. On PostgreSQL, backups are PostgreSQL's own business: 409.
 */
export function createBackups(deps: {
  db: Db;
  embedded: { dataDir: string; client: PGlite } | null;
  dir: string;
  keep: number;
  now: () => Date;
  log?: FastifyBaseLogger;
  /** Tests: runs after the data files were copied, before pg_backup_stop (writes that only the WAL carries). */
  afterCopy?: () => Promise<void>;
}) {
  const { now } = deps;
  const dir = path.resolve(deps.dir);
  let queue: Promise<unknown> = Promise.resolve();
  let running = false;

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

  /** The archive's entries: the files, pg_control, pg_backup_stop, backup_label, the WAL. */
  async function* baseBackup(client: PGlite, dataDir: string, name: string, skipBackups: (rel: string) => boolean) {
    const { rows } = await client.query<{ lsn: string }>('select pg_backup_start($1, true)::text as lsn', [name]);
    let stopped = false;
    try {
      const skip = (rel: string) => skippedInBaseBackup(rel) || skipBackups(rel);
      yield* entries(dataDir, '', skip, { live: true });
      yield* treeFile(dataDir, 'global/pg_control', { live: true });
      await deps.afterCopy?.();
      const stop = await client.query<{ labelfile: string; spcmapfile: string; last: string }>(
        'select labelfile, spcmapfile, pg_walfile_name(lsn) as last from pg_backup_stop(false)',
      );
      stopped = true;
      const label = stop.rows[0]?.labelfile ?? '';
      const first = labelFile(label, 'START WAL LOCATION');
      const last = stop.rows[0]?.last ?? first;
      const stoppedAt = now().getTime();
      yield bufferEntry('backup_label', Buffer.from(label), stoppedAt);
      if (stop.rows[0]?.spcmapfile) {
        yield bufferEntry('tablespace_map', Buffer.from(stop.rows[0].spcmapfile), stoppedAt);
      }
      // Segment names of one timeline sort as their positions; no checkpoint removes them meanwhile.
      yield* entries(dataDir, 'pg_wal', (rel) => {
        const file = rel.slice('pg_wal/'.length);
        if (file.includes('/')) return true;
        if (/^[0-9A-F]{8}\.history$/.test(file)) return false;
        return !/^[0-9A-F]{24}$/.test(file) || file < first || file > last;
      });
      deps.log?.debug({ start_lsn: rows[0]?.lsn, first, last }, 'base backup copied');
    } finally {
      // A failed copy must not leave the session in backup mode (the next one would be refused).
      if (!stopped) await client.query('select pg_backup_stop(false)').catch(() => undefined);
    }
  }

  async function write(embedded: { dataDir: string; client: PGlite }, kind: BackupKind) {
    fs.mkdirSync(dir, { recursive: true });
    const name = `rcm-${stamp(now())}${kind === 'nightly' ? '-nightly' : ''}.tar.gz`;
    const file = path.join(dir, name);
    const partial = `${file}.partial`;
    const dataDir = path.resolve(embedded.dataDir);
    // The backup directory may sit inside the data directory (the default ./data/backups).
    const inside = path.relative(dataDir, dir);
    const skipBackups = (rel: string) => !inside.startsWith('..') && (rel === inside || rel.startsWith(`${inside}/`));
    const started = performance.now();
    running = true;
    try {
      // gzip level 1: the machine keeps ingesting meanwhile, on the same cores.
      await writeTarGzOf(partial, () => baseBackup(embedded.client, dataDir, name, skipBackups), 1);
      fsyncFile(partial);
      fs.renameSync(partial, file);
      fsyncFile(dir);
    } catch (err) {
      fs.rmSync(partial, { force: true });
      throw err;
    } finally {
      running = false;
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

    /** True while a backup is being taken (the checkpoint task waits: the backup needs its WAL). */
    running: () => running,

    /** One backup at a time; not in a transaction (PGlite would hold every other statement for it). */
    create(kind: BackupKind): Promise<BackupInfo> {
      const embedded = deps.embedded;
      if (!embedded) return Promise.reject(new AppError(409, 'backups_external'));
      const run = queue.then(() => write(embedded, kind));
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
