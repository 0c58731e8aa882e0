import { statfs } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { DiskReserve } from '../../db/disk-reserve.ts';

/** Free space of the filesystem holding a path, in the shape of fs.statfs (tests pass their own). */
export type StatfsFn = (dir: string) => Promise<{ bavail: number; bsize: number }>;

export type DiskStatus = { low: boolean; free_bytes: number | null; min_free_bytes: number };

/**
 * Watches the free space of the embedded database's directory. PGlite that cannot create its next
 * WAL file spins without end (it answers nothing, not even SIGTERM), so the server must stop writing
 * well before: below `minFreeBytes` the watch is "low", and ingest, backups and readiness refuse
 * (features/ops/routes.ts, the ingest pipeline, the broker). Checked every `everyMs` (1 s: a statfs
 * is cheap, and something else may fill the disk fast), and once before the server starts.
 * With a `reserve` (db/disk-reserve.ts), the watch is also low while the reserve is released (a write
 * met a full disk between two checks), and writes it again once there is room for it and the
 * threshold: ingest resumes by itself when space returns.
 */
export function createDiskWatch(deps: {
  dir: string;
  minFreeBytes: number;
  log: FastifyBaseLogger;
  statfs?: StatfsFn;
  everyMs?: number;
  reserve?: DiskReserve | null;
}) {
  const read = deps.statfs ?? statfs;
  const reserve = deps.reserve ?? null;
  let free: number | null = null;
  let low = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<DiskStatus> | null = null;
  const listeners = new Set<(status: DiskStatus) => void>();

  const status = (): DiskStatus => ({ low, free_bytes: free, min_free_bytes: deps.minFreeBytes });

  function settle(nowLow: boolean): void {
    if (nowLow === low) return;
    low = nowLow;
    const line = {
      dir: deps.dir,
      free_mb: free === null ? null : Math.floor(free / 1_048_576),
      min_free_mb: deps.minFreeBytes / 1_048_576,
      reserve: reserve ? reserve.present() : undefined,
    };
    if (low) deps.log.warn(line, 'disk space low: ingest and backups are refused until space is freed');
    else deps.log.info(line, 'disk space is back above the threshold: ingest resumes');
    for (const listener of listeners) listener(status());
  }

  reserve?.onRelease(() => {
    deps.log.error({ dir: deps.dir }, 'the disk is full: the space reserve was released so the database could write');
    settle(true);
  });

  async function readFree(): Promise<boolean> {
    try {
      const s = await read(deps.dir);
      free = s.bavail * s.bsize;
      return true;
    } catch (err) {
      // Not knowing is not "low": the next check tries again.
      deps.log.error({ err, dir: deps.dir }, 'free disk space could not be read');
      return false;
    }
  }

  async function checkOnce(): Promise<DiskStatus> {
    if (!(await readFree()) || free === null) return status();
    if (reserve && !reserve.present() && free >= deps.minFreeBytes + reserve.bytes) {
      try {
        await reserve.fill();
      } catch (err) {
        deps.log.error({ err, file: reserve.file }, 'the disk space reserve could not be written');
      }
      if (!(await readFree())) return status();
    }
    settle(free < deps.minFreeBytes || (reserve !== null && !reserve.present()));
    return status();
  }

  /** One check at a time (the timer and callers share it). */
  function check(): Promise<DiskStatus> {
    running ??= checkOnce().finally(() => {
      running = null;
    });
    return running;
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
      timer = setInterval(() => void check(), deps.everyMs ?? 1000);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type DiskWatch = ReturnType<typeof createDiskWatch>;
