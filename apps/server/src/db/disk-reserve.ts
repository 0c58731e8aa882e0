import fs from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';

/**
 * Space held back on the data directory's filesystem for PGlite. PostgreSQL that cannot write a new
 * WAL segment (ENOSPC inside a critical section) PANICs, and PGlite's WebAssembly backend never comes
 * back from it: 100 % CPU, no answers, no SIGTERM. So when a write of PGlite's meets a full disk,
 * whatever filled it, db/pglite.ts releases this file at once (inside that write) and retries it;
 * the disk watch then refuses ingest until there is room to hold the reserve again.
 */
export function createDiskReserve(file: string, bytes: number) {
  let present = fs.existsSync(file) && fs.statSync(file).size >= bytes;
  const released = new Set<() => void>();

  return {
    file,
    bytes,
    present: () => present,

    /** Synchronous: called from inside a PGlite write that met ENOSPC. True when space was freed. */
    release(): boolean {
      if (!present) return false;
      fs.rmSync(file, { force: true });
      present = false;
      for (const listener of released) listener();
      return true;
    },

    /** Called once the reserve is released (the disk watch turns low at once). */
    onRelease(listener: () => void): () => void {
      released.add(listener);
      return () => released.delete(listener);
    },

    /** Writes the reserve (zeros, flushed, then renamed into place); a failure leaves no partial file. */
    async fill(): Promise<void> {
      if (present) return;
      const partial = `${file}.partial`;
      const zeros = Buffer.alloc(1_048_576);
      const handle = await open(partial, 'w', 0o600);
      try {
        for (let at = 0; at < bytes; at += zeros.length) {
          await handle.write(zeros, 0, Math.min(zeros.length, bytes - at), at);
        }
        await handle.sync();
      } catch (err) {
        await handle.close();
        await rm(partial, { force: true });
        throw err;
      }
      await handle.close();
      await rename(partial, file);
      present = true;
    },
  };
}

export type DiskReserve = ReturnType<typeof createDiskReserve>;

/** The reserve's file in a data directory (PostgreSQL ignores files it does not know there). */
export const DISK_RESERVE_FILE = 'rcm-disk-reserve';
