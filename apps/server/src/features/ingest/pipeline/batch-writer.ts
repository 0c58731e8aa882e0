import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { applyCaseRecords } from '../../alarms/cases/case-apply.ts';
import { takeOpenHours } from '../../alarms/cases/case-hours.ts';
import type { CaseStore } from '../../alarms/cases/case-state.ts';
import type { ReplayStore } from '../../alarms/engine/replay.ts';
import type { RulesCache } from '../../alarms/engine/rules-cache.ts';
import type { TrendStore } from '../../alarms/leaks/leak-history.ts';
import type { MaintenanceCache } from '../../maintenance/cache.ts';
import { type BatchItem, type WriterRepos, writeBatch } from '../writer/writer.ts';

const RETRIES = 3;

/**
 * Writes the pipeline's batches (`writeBatch` in a transaction, retried) with the state the alarm
 * engine keeps between batches: when each controller's last_seen_at was written, the leak trends, the
 * case points and the replay state of historical messages.
 */
export function createBatchWriter(deps: {
  db: Db;
  repos: WriterRepos;
  rules: RulesCache;
  maintenance?: MaintenanceCache | undefined;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Once true, a failed batch is not tried again. */
  closed: () => boolean;
}) {
  /** When each controller's last_seen_at was last written by this process (it is written at most every few seconds). */
  const seenWritten = new Map<number, number>();
  const levelTrends: TrendStore = new Map();
  const cases: CaseStore = new Map();
  /** The replay state of controllers' historical messages (the alarm engine's, apart from the live one). */
  const replays: ReplayStore = new Map();

  return {
    async write(items: BatchItem[]) {
      for (let attempt = 1; ; attempt++) {
        try {
          const rules = await deps.rules.get();
          const windows = await deps.maintenance?.get();
          return await deps.db.transaction((tx) =>
            writeBatch(deps.repos, tx, {
              items,
              rules,
              windows,
              now: deps.now(),
              seenWritten,
              levelTrends,
              cases,
              replays,
            }),
          );
        } catch (err) {
          // The engine's case state took the batch's readings; the transaction did not. Those controllers
          // are taken up again from the database by the next write (alarms/cases/case-history.ts).
          for (const item of items) {
            cases.delete(item.device.id);
            replays.delete(item.device.id);
          }
          if (attempt >= RETRIES || deps.closed()) throw err;
          await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
        }
      }
    },

    /** The case hours being accumulated are kept (the next process adds to them), not lost with the process. */
    async keepOpenHours(): Promise<void> {
      const hours = takeOpenHours(cases);
      if (hours.size > 0)
        await deps.db
          .transaction((tx) => applyCaseRecords(tx, hours))
          .catch((err: unknown) => deps.log.warn({ err }, 'case hours in progress not kept'));
    },
  };
}
