import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { ScheduledTask } from '../../scheduled/scheduler.ts';
import { createBackups } from './backups.ts';
import { checkpointIfDue } from './checkpoints.ts';
import { createDiskWatch, type StatfsFn } from './disk-watch.ts';
import { type Readiness, ReadinessFailure } from './readiness.ts';
import { maintainTables } from './table-maintenance.ts';

const MB = 1_048_576;

/**
 * What the embedded database (PGlite on disk) needs to run for months on one machine: the disk
 * watch (readiness `disk`: disk_low), checkpoints by WAL size and age, autovacuum's work (statistics,
 * dead rows, frozen transaction ids), backups and the nightly one.
 * On PostgreSQL (or PGlite in memory) there is no disk watch and no scheduled task, and backups answer 409.
 */
export async function startEmbeddedOps(deps: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  statfs?: StatfsFn;
  now: () => Date;
}) {
  const { config, database } = deps;
  const embedded = database.embedded ?? null;
  const disk = embedded
    ? createDiskWatch({
        dir: embedded.dataDir,
        minFreeBytes: config.DISK_MIN_FREE_MB * MB,
        log: deps.log,
        statfs: deps.statfs,
        reserve: embedded.reserve,
      })
    : null;
  await disk?.start();
  const backups = createBackups({
    db: database.db,
    embedded,
    dir: config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups'),
    keep: config.BACKUP_KEEP,
    now: deps.now,
    log: deps.log,
  });

  /** The scheduled tasks of embedded mode (none otherwise). */
  function tasks(): ScheduledTask[] {
    if (!embedded) return [];
    const limits = { maxWalBytes: config.CHECKPOINT_WAL_MB * MB, maxAgeSeconds: config.CHECKPOINT_INTERVAL_S };
    return [
      {
        name: 'checkpoint',
        everyMs: 5_000,
        // Not while a backup copies: a checkpoint would recycle the WAL segments the backup needs.
        run: async (db) => {
          if (!backups.running()) await checkpointIfDue(db, limits, deps.log);
        },
      },
      // PostgreSQL's autovacuum rule, since PGlite has no autovacuum (table-maintenance.ts).
      {
        name: 'table-maintenance',
        everyMs: 60_000,
        transaction: false,
        run: async (db) => void (await maintainTables(db, { log: deps.log })),
      },
      {
        name: 'backup-nightly',
        everyMs: 10 * 60_000,
        // An online backup: in a transaction, PGlite would hold every other statement until it ends.
        transaction: false,
        run: async () => {
          if (!backups.nightlyDue(config.BACKUP_HOUR_UTC)) return;
          if (disk?.low()) {
            deps.log.warn('nightly backup skipped: disk space low');
            return;
          }
          await backups.create('nightly');
        },
      },
    ];
  }

  return {
    disk,
    backups,
    tasks,
    /** True while ingest must refuse messages (the disk is almost full). */
    refusing: () => disk?.low() ?? false,
    /** `/api/ready` names `disk` with the reason disk_low while the disk is almost full. */
    registerReadiness(readiness: Readiness): void {
      if (!disk) return;
      readiness.register('disk', () => {
        if (disk.low()) throw new ReadinessFailure('disk_low');
      });
    },
    stop: () => disk?.stop(),
  };
}

export type EmbeddedOps = Awaited<ReturnType<typeof startEmbeddedOps>>;
