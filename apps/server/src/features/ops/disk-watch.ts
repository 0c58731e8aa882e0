import { statfs } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';

/** Free space of the filesystem holding a path, in the shape of fs.statfs (tests pass their own). */
export type StatfsFn = (dir: string) => Promise<{ bavail: number; bsize: number }>;

export type DiskStatus = { low: boolean; free_bytes: number | null; min_free_bytes: number };

/**
 * Watches the free space of the embedded database's directory. PGlite that cannot create its next
 * WAL file spins without end (it answers nothing, not even SIGTERM), so the server must stop writing
 * well before: below `minFreeBytes` the watch is "low", and ingest, backups and readiness refuse
 * (features/ops/routes.ts, the ingest pipeline, the broker). Checked every `everyMs`, and once before
 * the server starts.
 */
export function createDiskWatch(deps: {
  dir: string;
  minFreeBytes: number;
  log: FastifyBaseLogger;
  statfs?: StatfsFn;
  everyMs?: number;
}) {
  const read = deps.statfs ?? statfs;
  let free: number | null = null;
  let low = false;
  let timer: NodeJS.Timeout | null = null;
  const listeners = new Set<(status: DiskStatus) => void>();

  const status = (): DiskStatus => ({ low, free_bytes: free, min_free_bytes: deps.minFreeBytes });

  async function check(): Promise<DiskStatus> {
    try {
      const s = await read(deps.dir);
      free = s.bavail * s.bsize;
    } catch (err) {
      // Not knowing is not "low": the next check tries again.
      deps.log.error({ err, dir: deps.dir }, 'free disk space could not be read');
      return status();
    }
    const nowLow = free < deps.minFreeBytes;
    if (nowLow !== low) {
      low = nowLow;
      const line = { dir: deps.dir, free_mb: Math.floor(free / 1_048_576), min_free_mb: deps.minFreeBytes / 1_048_576 };
      if (low) deps.log.warn(line, 'disk space low: ingest and backups are refused until space is freed');
      else deps.log.info(line, 'disk space is back above the threshold: ingest resumes');
      for (const listener of listeners) listener(status());
    }
    return status();
  }

  return {
    check,
    status,
    low: () => low,
    /** Called when the state flips (low ↔ enough). */
    onChange(listener: (status: DiskStatus) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start(): Promise<void> {
      await check();
      timer = setInterval(() => void check(), deps.everyMs ?? 5000);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type DiskWatch = ReturnType<typeof createDiskWatch>;
