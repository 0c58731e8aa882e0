import { fdatasyncSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { GroupSync } from './group-sync.ts';
import {
  appendLine,
  closeSegment,
  deleteSegment,
  findSegment,
  fsyncDir,
  isDone,
  lineBytes,
  loadSegment,
  markDone,
  messageLine,
  newSegment,
  readDropped,
  readLine,
  SEGMENT_RE,
  type Segment,
  segmentFileBytes,
  segmentName,
  writeAck,
  writeDropped,
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
  /** Syncs the segment written to (group commit). */
  private readonly disk = new GroupSync(() => this.segments.at(-1)?.fd ?? null);
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
    this.droppedCount = readDropped(dir);
    this.enforce();
  }

  /** Takes a segment file up at the start; deletes it when every message in it is done. */
  private load(first: number) {
    const seg = loadSegment(this.dir, first, this.segmentMessages, (seq, topic) => this.newest.set(topic, seq));
    this.nextSeq = Math.max(this.nextSeq, first + seg.count);
    if (seg.count === 0 || seg.doneCount === seg.count) {
      deleteSegment(this.dir, seg);
      return;
    }
    this.segments.push(seg);
    this.depth += seg.count - seg.doneCount;
    for (let i = 0; i < seg.count; i++) if (!isDone(seg, i)) this.bytes += lineBytes(seg, i);
  }

  private find(seq: number): Segment | null {
    return findSegment(this.segments, seq);
  }

  /** The segment to append to: the last one while it has room, else a new one. */
  private writable(bytes: number): Segment {
    const last = this.segments.at(-1);
    if (
      last &&
      last.count < this.segmentMessages &&
      ((last.offsets[last.count] as number) + bytes <= SEGMENT_BYTES || last.count === 0)
    ) {
      last.fd ??= openSync(join(this.dir, segmentName(last.first)), 'a+');
      return last;
    }
    if (last?.fd != null) {
      // Only the last segment is written to; an older one is opened again for a read. Its writes are
      // made durable here, and its file closed once no sync of it is in flight.
      fdatasyncSync(last.fd);
      this.disk.close(last.fd);
      last.fd = null;
    }
    if (last && last.doneCount === last.count) this.drop(last);
    const seg = newSegment(
      this.nextSeq,
      this.segmentMessages,
      openSync(join(this.dir, segmentName(this.nextSeq)), 'a+'),
    );
    fsyncDir(this.dir);
    this.segments.push(seg);
    return seg;
  }

  /** Removes a finished segment from the list and the disk. */
  private drop(s: Segment) {
    const i = this.segments.indexOf(s);
    if (i >= 0) this.segments.splice(i, 1);
    deleteSegment(this.dir, s);
  }

  private countDrops(dropped: number) {
    if (dropped === 0) return;
    this.droppedCount += dropped;
    writeDropped(this.dir, this.droppedCount);
  }

  /**
   * Writes the message; it is durable once `sync()` resolves, which the caller awaits before
   * publishing it. Returns its entry.
   */
  add(topic: string, body: Record<string, unknown>): OutboxEntry {
    const created = this.now();
    const seq = this.nextSeq;
    const line = messageLine(seq, created, topic, body);
    this.append(this.writable(line.length), topic, line);
    this.enforce();
    return { seq, topic, created, bytes: line.length };
  }

  /**
   * Resolves when every message written so far is on disk (fdatasync, off the event loop). Writes that
   * come while one sync runs share the next one: the poller never waits for the disk, and a burst of
   * readings costs one sync, not one each.
   */
  sync(): Promise<void> {
    return this.disk.sync();
  }

  /**
   * Stores many messages with one fdatasync per segment written (a bench fills a day's backlog with
   * it); each keeps its own `created`.
   */
  addMany(messages: readonly { topic: string; body: Record<string, unknown>; created: number }[]): void {
    let seg: Segment | null = null;
    for (const m of messages) {
      const line = messageLine(this.nextSeq, m.created, m.topic, m.body);
      const next = this.writable(line.length);
      if (seg && next !== seg && seg.fd !== null) fdatasyncSync(seg.fd);
      seg = next;
      this.append(seg, m.topic, line);
    }
    if (seg?.fd != null) fdatasyncSync(seg.fd);
    this.head = null;
    this.enforce();
  }

  private append(seg: Segment, topic: string, line: Buffer) {
    appendLine(seg, line);
    this.newest.set(topic, this.nextSeq);
    this.nextSeq++;
    this.depth++;
    this.bytes += line.length;
  }

  /** The broker acknowledged it (or the bounds dropped it); false if it was gone already. */
  remove(seq: number): boolean {
    const s = this.find(seq);
    if (!s) return false;
    const i = seq - s.first;
    if (!markDone(s, i)) return false;
    this.depth--;
    this.bytes -= lineBytes(s, i);
    if (this.head?.seq === seq) this.head = null;
    if (s.doneCount === s.count && (s !== this.segments.at(-1) || s.count >= this.segmentMessages)) {
      this.drop(s);
      return true;
    }
    writeAck(this.dir, s, seq);
    return true;
  }

  /** The message as created, with its topic (null if it is gone: acknowledged or dropped meanwhile). */
  read(seq: number): (OutboxEntry & { body: Record<string, unknown> }) | null {
    const s = this.find(seq);
    if (!s) return null;
    const i = seq - s.first;
    if (isDone(s, i)) return null;
    const line = readLine(this.dir, s, i);
    return line && { seq, ...line };
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
      if (this.remove(head.seq)) dropped++;
    }
    this.countDrops(dropped);
  }

  /** Applies the age bound now (the gateway calls it now and then, as time passes without new messages). */
  expire(): void {
    this.enforce();
  }

  /** The size on disk of the segment files, for the bench. */
  diskBytes(): number {
    return this.segments.reduce((n, s) => n + segmentFileBytes(this.dir, s), 0);
  }

  /** Closes the files it holds open (after a sync in flight). */
  close(): void {
    const segments = [...this.segments];
    const closeAll = () => {
      for (const s of segments) closeSegment(s);
    };
    this.disk.whenIdle(closeAll);
  }
}
