import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.ts';
import { dropExpiredReadings } from '../db/readings-partitions.ts';
import { type AfterCommit, type EventBus, inTransaction } from '../events/bus.ts';
import { MESSAGE_ID_RETENTION_DAYS } from '../lib/dedupe-window.ts';
import { createLockRepo } from './lock-repo.ts';
import type { RetentionRepo } from './retention-repo.ts';

/**
 * A background task the scheduler runs every `everyMs`: in a transaction holding the advisory lock its
 * name keys, or, with `transaction: false`, on the database itself without a lock, for statements
 * that cannot run in a transaction (VACUUM) where only one instance runs (the embedded database).
 * A task in a transaction queues its events on `events`: they leave once the transaction commits.
 */
export type ScheduledTask =
  | { name: string; everyMs: number; transaction?: true; run: (db: DbOrTx, events: AfterCommit) => Promise<void> }
  | { name: string; everyMs: number; transaction: false; run: (db: Db) => Promise<void> };

// Stable advisory-lock keys: one per task name, the same on every instance.
export function lockKey(name: string): number {
  let h = 0;
  for (const ch of name) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

/**
 * Runs each task on a timer; a PostgreSQL advisory lock held for the task's transaction makes only
 * one instance run it at a time, and another takes over when that one dies (docs/contracts.md §2).
 */
export function startScheduler(deps: { db: Db; bus: EventBus; tasks: ScheduledTask[]; log: FastifyBaseLogger }): {
  stop: () => Promise<void>;
} {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;
  const locks = createLockRepo();

  const runOnce = async (task: ScheduledTask) => {
    try {
      if (task.transaction === false) return await task.run(deps.db);
      await inTransaction(deps.db, deps.bus, async (tx, events) => {
        const [row] = await locks.tryTransactionLock(lockKey(task.name), tx);
        if (row?.locked) await task.run(tx, events);
      });
    } catch (err) {
      if (!stopped) deps.log.error({ err, job: task.name }, 'scheduled task failed');
    }
  };

  for (const task of deps.tasks) {
    const tick = () => {
      if (stopped) return;
      const p = runOnce(task).finally(() => running.delete(p));
      running.add(p);
    };
    timers.push(setInterval(tick, task.everyMs));
    setTimeout(tick, 1000).unref();
  }
  return {
    stop: async () => {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.allSettled([...running]);
    },
  };
}

/** Hourly rollups of the last two hours, recomputed whole (idempotent). */
export async function refreshRollups(repo: RetentionRepo, now: Date, tx: DbOrTx): Promise<void> {
  const from = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 - 3_600_000).toISOString();
  await repo.upsertHourlyRollups(from, tx);
}

/** Retention: raw readings and message ids past their age; rollups stay for long chart ranges. */
export async function applyRetention(repo: RetentionRepo, now: Date, readingsDays: number, tx: Db): Promise<void> {
  const readingsCutoff = new Date(now.getTime() - readingsDays * 86_400_000).toISOString();
  const idsCutoff = new Date(now.getTime() - MESSAGE_ID_RETENTION_DAYS * 86_400_000).toISOString();
  // A TimescaleDB hypertable (migration 0009, where the extension exists) drops whole day chunks;
  // the day-partitioned table (0010, elsewhere) drops whole day partitions; a plain table deletes rows.
  const [ext] = await repo.timescaleInstalled(tx);
  const [hyper] = ext?.on ? await repo.readingsIsHypertable(tx) : [];
  if (hyper?.yes) {
    await repo.dropReadingChunks(readingsCutoff, tx);
  } else if ((await dropExpiredReadings(tx, new Date(readingsCutoff))) === null) {
    await repo.deleteReadingsBefore(readingsCutoff, tx);
  }
  await repo.deleteMessageIdsBefore(idsCutoff, tx);
}
