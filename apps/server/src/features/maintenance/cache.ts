import type { Db } from '../../db/client.ts';
import { createMaintenanceRepo } from './repo.ts';
import type { MaintenanceWindow } from './windows.ts';

const TTL_MS = 5_000;

/**
 * The windows in force or to come, for the ingest path: a raise looks its window up in memory, never
 * with a query per reading. A change through this instance's API invalidates it at once; other
 * instances see it within the TTL.
 */
export function createMaintenanceCache(db: Db, now: () => Date) {
  const repo = createMaintenanceRepo(db);
  let cached: { windows: MaintenanceWindow[]; expires: number } | null = null;
  return {
    async get(): Promise<readonly MaintenanceWindow[]> {
      const t = now().getTime();
      if (cached && cached.expires > t) return cached.windows;
      const windows = await repo.inForce(db, now());
      cached = { windows, expires: t + TTL_MS };
      return windows;
    },
    invalidate(): void {
      cached = null;
    },
  };
}

export type MaintenanceCache = ReturnType<typeof createMaintenanceCache>;
