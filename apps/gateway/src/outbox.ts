import {
  closeSync,
  fdatasync,
  fdatasyncSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import {
  acksName,
  DROPPED_FILE,
  fsyncDir,
  isDone,
  SEGMENT_RE,
  type Segment,
  scanLines,
  segmentName,
  TAB,
} from './outbox-files.ts';

/** A message kept until the console acknowledges it. */
export type OutboxEntry = {
  seq: number;
  topic: string;
  /** When it was created (ms since the epoch): the age bound. */
  created: number;
  bytes: number;
};

export type OutboxLimits = { maxBytes: number; maxAgeMs: number };
export type OutboxStats = { depth: number; bytes: number; oldest: number | null; dropped: number };

/** A segment holds at most this many messages, or this many bytes, then the next one begins. */
export const SEGMENT_MESSAGES = 4_096;
export const SEGMENT_BYTES = 4 * 1024 * 1024;

/**
 * The disk outbox: messages appended to segment files, each write fdatasynced before the message is
 * published, and marked acknowledged on its PUBACK; a segment whose every message is acknowledged (or
 * dropped) is deleted. A day's backlog of 120 controllers is a few hundred files, not a million, and
 * the memory it takes is about 4 bytes a message (its offset) and a bit (acknowledged).
 *
 * Bounded by size and age: the oldest messages are dropped first, and the drops are counted (the
 * count survives restarts). The size bound counts the messages kept; the disk holds at most the
 * acknowledged rest of the segments they share, a segment (4 MB) or so more. A `kill -9` loses
 * nothing that was written: a torn last line (the process died mid-write, before the message was
 * published) is cut off at the next start, and an acknowledgement not yet on disk only sends its
 * message once more (the console keeps a `msg_id` once).
 */
export class Outbox {
  /** Oldest first; the last one is the one written to. */
  private readonly segments: Segment[] = [];
  /** The newest message of each topic still kept (each child's newest reading). */
  private readonly newest = new Map<string, number>();
  private bytes = 0;
  private depth = 0;
  private nextSeq = 1;
  private droppedCount = 0;
  /** The fdatasync in flight, and the one queued behind it for the writes made meanwhile (group commit). */
  private syncing: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  /** Segment files rolled over while a sync was in flight: closed once it is done. */
  private closeAfterSync: number[] = [];
  /** The first message not yet acknowledged, and when it was created (read from disk once). */
  private head: { seq: number; created: number } | null = null;

  constructor(
    private readonly dir: string,
    private readonly limits: OutboxLimits,
    private readonly now: () => number = Date.now,
    /** Messages a segment holds (tests make it small). */
    private readonly segmentMessages = SEGMENT_MESSAGES,
  ) {
    mkdirSync(dir, { recursive: true });
    for (const name of readdirSync(dir).sort()) {
      const m = SEGMENT_RE.exec(name);
      if (m) this.load(Number(m[1]));
    }
    try {
      this.droppedCount += (JSON.parse(readFileSync(join(dir, DROPPED_FILE), 'utf8')) as { dropped: number }).dropped;
    } catch {
      // no drops recorded yet
    }
    this.enforce();
  }

  /** Reads a segment's lines and acknowledgements; cuts a torn last line; deletes it when all is done. */
  private load(first: number) {
    const path = join(this.dir, segmentName(first));
    const offsets: number[] = [];
    let expected = first;
    const { end, size } = scanLines(path, (offset, line) => {
      const tab = line.indexOf(TAB);
      const seq = tab > 0 ? Number(line.toString('latin1', 0, tab)) : Number.NaN;
      if (seq !== expected) return false; // not a line this outbox wrote: keep what came before it
      offsets.push(offset);
      const tab2 = line.indexOf(TAB, tab + 1);
      const tab3 = line.indexOf(TAB, tab2 + 1);
      this.newest.set(line.toString('utf8', tab2 + 1, tab3), seq);
      expected++;
      return true;
    });
    const start = end;
    if (start < size) {
      const fd = openSync(path, 'r+');
      try {
        ftruncateSync(fd, start);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    }
    const count = offsets.length;
    const seg: Segment = {
      first,
      count,
      offsets: new Uint32Array(this.segmentMessages + 1),
      done: new Uint8Array(Math.ceil(this.segmentMessages / 8)),
      doneCount: 0,
      fd: null,
      ackFd: null,
    };
    seg.offsets.set(offsets);
    seg.offsets[count] = start;
    let acks = '';
    try {
      acks = readFileSync(join(this.dir, acksName(first)), 'utf8');
    } catch {
      // none acknowledged yet
    }
    for (const line of acks.split('\n')) {
      const i = Number(line) - first;
      if (line && i >= 0 && i < count) this.mark(seg, i);
    }
    this.nextSeq = Math.max(this.nextSeq, first + count);
    if (count === 0 || seg.doneCount === count) {
      this.deleteFiles(seg);
      return;
    }
    this.segments.push(seg);
    this.depth += count - seg.doneCount;
    for (let i = 0; i < count; i++) if (!isDone(seg, i)) this.bytes += this.lineBytes(seg, i);
  }

  private lineBytes(s: Segment, i: number): number {
    return (s.offsets[i + 1] as number) - (s.offsets[i] as number);
  }

  private mark(s: Segment, i: number): boolean {
    if (isDone(s, i)) return false;
    s.done[i >> 3] = (s.done[i >> 3] as number) | (1 << (i & 7));
    s.doneCount++;
    return true;
  }

  private deleteFiles(s: Segment) {
    if (s.fd !== null) closeSync(s.fd);
    if (s.ackFd !== null) closeSync(s.ackFd);
    s.fd = null;
    s.ackFd = null;
    rmSync(join(this.dir, segmentName(s.first)), { force: true });
    rmSync(join(this.dir, acksName(s.first)), { force: true });
  }

  private find(seq: number): Segment | null {
    let lo = 0;
    let hi = this.segments.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = this.segments[mid] as Segment;
      if (seq < s.first) hi = mid - 1;
      else if (seq >= s.first + s.count) lo = mid + 1;
      else return s;
    }
    return null;
  }

  /** The segment to append to: the last one while it has room, else a new one. */
  private writable(lineBytes: number): Segment {
    const last = this.segments.at(-1);
    if (
      last &&
      last.count < this.segmentMessages &&
      ((last.offsets[last.count] as number) + lineBytes <= SEGMENT_BYTES || last.count === 0)
    ) {
      last.fd ??= openSync(join(this.dir, segmentName(last.first)), 'a+');
      return last;
    }
    if (last?.fd != null) {
      // Only the last segment is written to; an older one is opened again for a read. Its writes are
      // made durable here, and its file closed once no sync of it is in flight.
      fdatasyncSync(last.fd);
      if (this.syncing) this.closeAfterSync.push(last.fd);
      else closeSync(last.fd);
      last.fd = null;
    }
    if (last && last.doneCount === last.count) this.drop(last);
    const seg: Segment = {
      first: this.nextSeq,
      count: 0,
      offsets: new Uint32Array(this.segmentMessages + 1),
      done: new Uint8Array(Math.ceil(this.segmentMessages / 8)),
      doneCount: 0,
      fd: openSync(join(this.dir, segmentName(this.nextSeq)), 'a+'),
      ackFd: null,
    };
    fsyncDir(this.dir);
    this.segments.push(seg);
    return seg;
  }

  /** Removes a finished segment from the list and the disk. */
  private drop(s: Segment) {
    const i = this.segments.indexOf(s);
    if (i >= 0) this.segments.splice(i, 1);
    this.deleteFiles(s);
  }

  private countDrops(dropped: number) {
    if (dropped === 0) return;
    this.droppedCount += dropped;
    writeFileSync(join(this.dir, DROPPED_FILE), JSON.stringify({ dropped: this.droppedCount }));
  }

  /**
   * Writes the message; it is durable once `sync()` resolves, which the caller awaits before
   * publishing it. Returns its entry.
   */
  add(topic: string, body: Record<string, unknown>): OutboxEntry {
    const created = this.now();
    const seq = this.nextSeq;
    const line = Buffer.from(`${seq}\t${created}\t${topic}\t${JSON.stringify(body)}\n`);
    const seg = this.writable(line.length);
    const at = seg.offsets[seg.count] as number;
    writeSync(seg.fd as number, line, 0, line.length, at);
    seg.count++;
    seg.offsets[seg.count] = at + line.length;
    this.nextSeq++;
    this.depth++;
    this.bytes += line.length;
    this.newest.set(topic, seq);
    this.enforce();
    return { seq, topic, created, bytes: line.length };
  }

  /**
   * Resolves when every message written so far is on disk (fdatasync, off the event loop). Writes that
   * come while one sync runs share the next one: the poller never waits for the disk, and a burst of
   * readings costs one sync, not one each.
   */
  sync(): Promise<void> {
    if (!this.syncing) {
      this.syncing = this.runSync();
      return this.syncing;
    }
    this.queued ??= this.syncing.then(() => {
      this.queued = null;
      this.syncing = this.runSync();
      return this.syncing;
    });
    return this.queued;
  }

  private runSync(): Promise<void> {
    const fd = this.segments.at(-1)?.fd ?? null;
    return new Promise<void>((resolve, reject) => {
      if (fd === null) return resolve();
      fdatasync(fd, (err) => (err ? reject(err) : resolve()));
    }).finally(() => {
      this.syncing = null;
      for (const old of this.closeAfterSync.splice(0)) closeSync(old);
    });
  }

  /**
   * Stores many messages with one fdatasync per segment written (a bench fills a day's backlog with
   * it); each keeps its own `created`.
   */
  addMany(messages: readonly { topic: string; body: Record<string, unknown>; created: number }[]): void {
    let seg: Segment | null = null;
    for (const m of messages) {
      const seq = this.nextSeq;
      const line = Buffer.from(`${seq}\t${m.created}\t${m.topic}\t${JSON.stringify(m.body)}\n`);
      const next = this.writable(line.length);
      if (seg && next !== seg && seg.fd !== null) fdatasyncSync(seg.fd);
      seg = next;
      const at = seg.offsets[seg.count] as number;
      writeSync(seg.fd as number, line, 0, line.length, at);
      seg.count++;
      seg.offsets[seg.count] = at + line.length;
      this.nextSeq++;
      this.depth++;
      this.bytes += line.length;
      this.newest.set(m.topic, seq);
    }
    if (seg?.fd != null) fdatasyncSync(seg.fd);
    this.head = null;
    this.enforce();
  }

  /** The broker acknowledged it (or the bounds dropped it). */
  remove(seq: number): void {
    this.finish(seq);
  }

  private finish(seq: number): boolean {
    const s = this.find(seq);
    if (!s) return false;
    const i = seq - s.first;
    if (!this.mark(s, i)) return false;
    this.depth--;
    this.bytes -= this.lineBytes(s, i);
    if (this.head?.seq === seq) this.head = null;
    if (s.doneCount === s.count && (s !== this.segments.at(-1) || s.count >= this.segmentMessages)) {
      this.drop(s);
      return true;
    }
    s.ackFd ??= openSync(join(this.dir, acksName(s.first)), 'a');
    writeSync(s.ackFd, `${seq}\n`);
    return true;
  }

  /** The message as created, with its topic (null if it is gone: acknowledged or dropped meanwhile). */
  read(seq: number): (OutboxEntry & { body: Record<string, unknown> }) | null {
    const s = this.find(seq);
    if (!s) return null;
    const i = seq - s.first;
    if (isDone(s, i)) return null;
    const bytes = this.lineBytes(s, i);
    const buf = Buffer.allocUnsafe(bytes);
    const fd = s.fd ?? openSync(join(this.dir, segmentName(s.first)), 'r');
    try {
      readSync(fd, buf, 0, bytes, s.offsets[i] as number);
    } finally {
      if (fd !== s.fd) closeSync(fd);
    }
    const text = buf.toString('utf8', 0, bytes - 1);
    const [seqText, createdText, topic, ...json] = text.split('\t');
    if (Number(seqText) !== seq || topic === undefined) return null;
    return { seq, topic, created: Number(createdText), bytes, body: JSON.parse(json.join('\t')) };
  }

  has(seq: number): boolean {
    const s = this.find(seq);
    return s !== null && !isDone(s, seq - s.first);
  }

  /** The first message kept after `after` (0: the oldest), or null. */
  nextAfter(after: number): number | null {
    for (let k = 0; k < this.segments.length; k++) {
      const s = this.segments[k] as Segment;
      if (s.first + s.count <= after + 1) continue;
      for (let i = Math.max(0, after + 1 - s.first); i < s.count; i++) if (!isDone(s, i)) return s.first + i;
    }
    return null;
  }

  /** The sequence number of the newest message written (0 before the first). */
  lastSeq(): number {
    return this.nextSeq - 1;
  }

  /** The newest message of a topic, while it is kept. */
  newestOf(topic: string): number | null {
    const seq = this.newest.get(topic);
    return seq !== undefined && this.has(seq) ? seq : null;
  }

  /** Every kept message's number, oldest first (for tests and small outboxes: it is an array). */
  seqs(): number[] {
    const out: number[] = [];
    for (let seq = this.nextAfter(0); seq !== null; seq = this.nextAfter(seq)) out.push(seq);
    return out;
  }

  stats(): OutboxStats {
    const head = this.headEntry();
    return { depth: this.depth, bytes: this.bytes, oldest: head?.created ?? null, dropped: this.droppedCount };
  }

  /** Files the outbox keeps (segments and their acknowledgement lists), for its status and the bench. */
  files(): number {
    return this.segments.reduce((n, s) => n + 1 + (s.ackFd !== null || s.doneCount > 0 ? 1 : 0), 0);
  }

  private headEntry(): { seq: number; created: number } | null {
    if (this.head && this.has(this.head.seq)) return this.head;
    const seq = this.nextAfter(0);
    if (seq === null) return null;
    const e = this.read(seq);
    this.head = e ? { seq, created: e.created } : null;
    return this.head;
  }

  /** Drops the oldest messages while the outbox is over its size, and every message past its age. */
  private enforce(): void {
    const cutoff = this.now() - this.limits.maxAgeMs;
    let dropped = 0;
    for (let head = this.headEntry(); head; head = this.headEntry()) {
      if (this.bytes <= this.limits.maxBytes && head.created >= cutoff) break;
      if (this.finish(head.seq)) dropped++;
    }
    this.countDrops(dropped);
  }

  /** Applies the age bound now (the gateway calls it now and then, as time passes without new messages). */
  expire(): void {
    this.enforce();
  }

  /** The size on disk of the segment files, for the bench. */
  diskBytes(): number {
    return this.segments.reduce((n, s) => {
      try {
        return n + statSync(join(this.dir, segmentName(s.first))).size;
      } catch {
        return n;
      }
    }, 0);
  }

  /** Closes the files it holds open (after a sync in flight). */
  close(): void {
    if (this.syncing) {
      const segments = [...this.segments];
      void this.syncing.finally(() => {
        for (const s of segments) {
          if (s.fd !== null) closeSync(s.fd);
          if (s.ackFd !== null) closeSync(s.ackFd);
          s.fd = null;
          s.ackFd = null;
        }
      });
      return;
    }
    for (const s of this.segments) {
      if (s.fd !== null) closeSync(s.fd);
      if (s.ackFd !== null) closeSync(s.ackFd);
      s.fd = null;
      s.ackFd = null;
    }
  }
}
