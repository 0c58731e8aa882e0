import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import type { DiskReserve } from './disk-reserve.ts';

/** The part of Emscripten's NODEFS this file touches. */
type NodeFsStreamOps = {
  fsync?: (stream: { nfd?: number; node: unknown }) => number;
  write: (...args: unknown[]) => number;
};
type NodeFsModule = { NODEFS: { stream_ops: NodeFsStreamOps; realPath: (node: unknown) => string } };

/** fsync of a file or directory on the host, by path (a directory has no descriptor in NODEFS). */
function fsyncPath(target: string): void {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** ENOSPC as Emscripten numbers it (its FS.ErrnoError carries the WASI errno, not Node's code). */
const EMSCRIPTEN_ENOSPC = 51;

/**
 * PGlite's Node filesystem with a real fsync. Emscripten's NODEFS has none: PostgreSQL's fsync()
 * returned at once and a commit stayed in the OS cache. Here fsync reaches the host file (or
 * directory, for a new WAL segment's entry), so PostgreSQL's fsync=on means what it says.
 */
class DurableNodeFS extends NodeFS {
  /** `onNoSpace`: frees space when a write meets a full disk (the disk reserve); true: retry the write. */
  constructor(
    dataDir: string,
    private readonly onNoSpace: () => boolean = () => false,
  ) {
    super(dataDir);
  }

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const result = await super.init(...args);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod) => {
        const nodefs = (mod as unknown as NodeFsModule).NODEFS;
        nodefs.stream_ops.fsync = (stream) => {
          if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
          else fsyncPath(nodefs.realPath(stream.node));
          return 0;
        };
        // A write that fails with ENOSPC makes PostgreSQL PANIC when it is WAL (a new segment),
        // and PGlite then spins for ever: release the reserve and write again (db/disk-reserve.ts).
        const write = nodefs.stream_ops.write;
        nodefs.stream_ops.write = (...writeArgs) => {
          try {
            return write(...writeArgs);
          } catch (err) {
            if ((err as { errno?: number }).errno !== EMSCRIPTEN_ENOSPC || !this.onNoSpace()) throw err;
            return write(...writeArgs);
          }
        };
      },
    ];
    return result;
  }
}

/**
 * PostgreSQL's settings for PGlite on disk. PGlite starts with `-F` (fsync off); without it every
 * commit is flushed before it returns, so what the API and ingest acknowledge is on disk.
 * `wal_sync_method=fsync`: the default fdatasync is a no-op in PGlite's WebAssembly build, fsync()
 * reaches DurableNodeFS. PGlite has no checkpointer process (features/ops/checkpoints.ts runs
 * CHECKPOINT); max_wal_size bounds the segments a checkpoint keeps for reuse.
 */
const START_PARAMS = [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  '-c',
  'wal_sync_method=fsync',
  '-c',
  'max_wal_size=512MB',
  '-c',
  'min_wal_size=80MB',
];

export type EmbeddedClient = { client: PGlite; close: () => Promise<void> };

/**
 * PGlite in `dataDir`, durable (see START_PARAMS), once this process holds the directory's lock
 * (db/data-dir-lock.ts; DataDirInUseError when another process does). `close` closes the database and
 * then releases the lock. `lock`: one the caller already holds on `dataDir` (a restore that wrote the
 * files under it); `loadDataDir`: a backup's tarball to start from; `reserve`: space released when a
 * write meets a full disk (db/disk-reserve.ts).
 */
export async function openEmbedded(
  dataDir: string,
  opts: { loadDataDir?: Blob; lock?: DataDirLock; reserve?: DiskReserve } = {},
): Promise<EmbeddedClient> {
  const lock = opts.lock ?? (await lockDataDir(dataDir));
  const reserve = opts.reserve;
  try {
    const client = await PGlite.create({
      fs: new DurableNodeFS(dataDir, reserve ? () => reserve.release() : undefined),
      startParams: START_PARAMS,
      extensions: { pg_trgm },
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
    return {
      client,
      close: async () => {
        try {
          await client.close();
        } finally {
          if (!opts.lock) await lock.release();
        }
      },
    };
  } catch (err) {
    if (!opts.lock) await lock.release();
    throw err;
  }
}

/** Flushes every file and directory under `dir` to disk (after files were written without fsync). */
export function fsyncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) fsyncTree(full);
    else if (entry.isFile()) fsyncPath(full);
  }
  fsyncPath(dir);
}
