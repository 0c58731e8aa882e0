import { closeSync, fdatasync } from 'node:fs';

/**
 * fdatasync off the event loop, as a group commit: writes made while one sync runs share the next one,
 * so a burst of messages costs one sync, not one each, and the writer never waits for the disk.
 */
export class GroupSync {
  /** The sync in flight, and the one queued behind it for the writes made meanwhile. */
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  /** Files closed once the sync in flight is done. */
  private closeAfter: number[] = [];

  /** `file`: the file the writes go to when a sync starts (null: nothing to sync). */
  constructor(private readonly file: () => number | null) {}

  /** Resolves when every write made so far is on disk. */
  sync(): Promise<void> {
    if (!this.running) {
      this.running = this.run();
      return this.running;
    }
    this.queued ??= this.running.then(() => {
      this.queued = null;
      this.running = this.run();
      return this.running;
    });
    return this.queued;
  }

  private run(): Promise<void> {
    const fd = this.file();
    return new Promise<void>((resolve, reject) => {
      if (fd === null) return resolve();
      fdatasync(fd, (err) => (err ? reject(err) : resolve()));
    }).finally(() => {
      this.running = null;
      for (const old of this.closeAfter.splice(0)) closeSync(old);
    });
  }

  /** Closes a file now, or once the sync in flight (which may be of it) is done. */
  close(fd: number): void {
    if (this.running) this.closeAfter.push(fd);
    else closeSync(fd);
  }

  /** Runs `fn` now, or once the sync in flight is done. */
  whenIdle(fn: () => void): void {
    if (this.running) void this.running.finally(fn);
    else fn();
  }
}
