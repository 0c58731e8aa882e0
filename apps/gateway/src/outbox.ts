import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/** A message kept until the console acknowledges it; its payload stays on disk (`read`). */
export type OutboxEntry = {
  seq: number;
  topic: string;
  /** When it was created (ms since the epoch): the age bound. */
  created: number;
  bytes: number;
};

export type OutboxLimits = { maxBytes: number; maxAgeMs: number };
export type OutboxStats = { depth: number; bytes: number; oldest: number | null; dropped: number };

const NAME_RE = /^(\d{15})\.json$/;
const fileName = (seq: number) => `${String(seq).padStart(15, '0')}.json`;
const DROPPED_FILE = 'dropped.json';

function fsyncDir(dir: string) {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Writes a file so that it is either whole on disk or absent, whatever happens to the process. */
function writeDurably(dir: string, name: string, text: string) {
  const tmp = join(dir, `${name}.tmp`);
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, join(dir, name));
  fsyncDir(dir);
}

/**
 * The disk outbox: one file per message, named by its sequence number, written and fsynced before
 * the message is published and removed when the broker acknowledges it. Bounded by size and age:
 * the oldest messages are dropped first, and the drops are counted (the count survives restarts).
 */
export class Outbox {
  /** In sequence order (a Map iterates in insertion order, and sequence numbers only grow). */
  private readonly entries = new Map<number, OutboxEntry>();
  /** Topics are few (one per child and channel): one string each, however many messages. */
  private readonly topics = new Map<string, string>();
  private bytes = 0;
  private nextSeq = 1;
  private droppedCount = 0;

  constructor(
    private readonly dir: string,
    private readonly limits: OutboxLimits,
    private readonly now: () => number = Date.now,
  ) {
    mkdirSync(dir, { recursive: true });
    let unreadable = 0;
    for (const name of readdirSync(dir).sort()) {
      if (name.endsWith('.tmp')) {
        rmSync(join(dir, name), { force: true }); // never renamed: never published
        continue;
      }
      const m = NAME_RE.exec(name);
      if (!m) continue;
      const seq = Number(m[1]);
      try {
        const text = readFileSync(join(dir, name), 'utf8');
        const e = JSON.parse(text) as { topic: string; created: number };
        this.entries.set(seq, { seq, topic: this.intern(e.topic), created: e.created, bytes: Buffer.byteLength(text) });
        this.bytes += Buffer.byteLength(text);
      } catch {
        rmSync(join(dir, name), { force: true });
        unreadable++;
      }
      this.nextSeq = Math.max(this.nextSeq, seq + 1);
    }
    try {
      this.droppedCount += (JSON.parse(readFileSync(join(dir, DROPPED_FILE), 'utf8')) as { dropped: number }).dropped;
    } catch {
      // no drops recorded yet
    }
    this.count(unreadable);
    this.enforce();
  }

  private intern(topic: string): string {
    const known = this.topics.get(topic);
    if (known) return known;
    this.topics.set(topic, topic);
    return topic;
  }

  private count(dropped: number) {
    if (dropped === 0) return;
    this.droppedCount += dropped;
    writeFileSync(join(this.dir, DROPPED_FILE), JSON.stringify({ dropped: this.droppedCount }));
  }

  /** Stores the message durably; returns its entry. */
  add(topic: string, body: Record<string, unknown>): OutboxEntry {
    const seq = this.nextSeq++;
    const created = this.now();
    const text = JSON.stringify({ topic, body, created });
    writeDurably(this.dir, fileName(seq), text);
    const entry = { seq, topic: this.intern(topic), created, bytes: Buffer.byteLength(text) };
    this.entries.set(seq, entry);
    this.bytes += entry.bytes;
    this.enforce();
    return entry;
  }

  /** The broker acknowledged it. */
  remove(seq: number): void {
    const e = this.entries.get(seq);
    if (!e) return;
    this.entries.delete(seq);
    this.bytes -= e.bytes;
    rmSync(join(this.dir, fileName(seq)), { force: true });
  }

  /** The payload as created (null if the message is gone: acknowledged or dropped meanwhile). */
  read(seq: number): Record<string, unknown> | null {
    if (!this.entries.has(seq)) return null;
    try {
      return (JSON.parse(readFileSync(join(this.dir, fileName(seq)), 'utf8')) as { body: Record<string, unknown> })
        .body;
    } catch {
      return null;
    }
  }

  has(seq: number): boolean {
    return this.entries.has(seq);
  }

  /** Oldest first. */
  list(): OutboxEntry[] {
    return [...this.entries.values()];
  }

  stats(): OutboxStats {
    const first = this.entries.values().next();
    return {
      depth: this.entries.size,
      bytes: this.bytes,
      oldest: first.done ? null : first.value.created,
      dropped: this.droppedCount,
    };
  }

  /** Drops the oldest messages while the outbox is over its size, and every message past its age. */
  private enforce(): void {
    const cutoff = this.now() - this.limits.maxAgeMs;
    let dropped = 0;
    for (const e of this.entries.values()) {
      if (this.bytes <= this.limits.maxBytes && e.created >= cutoff) break;
      this.remove(e.seq);
      dropped++;
    }
    this.count(dropped);
  }

  /** Applies the age bound now (the gateway calls it now and then, as time passes without new messages). */
  expire(): void {
    this.enforce();
  }
}
