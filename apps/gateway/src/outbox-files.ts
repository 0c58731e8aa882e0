import {
  closeSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * The outbox's files: segment and acknowledgement file names, a segment's lines, offsets and
 * acknowledged bits, reading one back at the start, and making a directory's entries durable. Which
 * segments are kept, and the bounds, are the outbox's (`outbox.ts`).
 */

export const SEGMENT_RE = /^(\d{15})\.seg$/;
export const segmentName = (first: number) => `${String(first).padStart(15, '0')}.seg`;
export const acksName = (first: number) => `${String(first).padStart(15, '0')}.ack`;
export const DROPPED_FILE = 'dropped.json';
export const NEWLINE = 0x0a;
export const TAB = 0x09;

/**
 * One segment file: messages `first` … `first + count - 1`, one line each,
 * `{seq}\t{created}\t{topic}\t{body as JSON}\n`; its `.ack` file lists the acknowledged (or
 * dropped) sequence numbers, one a line.
 */
export type Segment = {
  first: number;
  count: number;
  /** Byte offset of each line; `offsets[count]` is the file's length. */
  offsets: Uint32Array;
  /** One bit per message: acknowledged or dropped. */
  done: Uint8Array;
  doneCount: number;
  fd: number | null;
  ackFd: number | null;
};

/** Read buffer of the start-up scan: segments are read a chunk at a time, never whole. */
const SCAN_CHUNK = Buffer.allocUnsafe(256 * 1024);

/**
 * Calls `onLine` with each whole line of a file (without its newline) and the line's offset, until it
 * returns false; returns where the last line it accepted ends, and the file's size.
 */
export function scanLines(
  path: string,
  onLine: (offset: number, line: Buffer) => boolean,
): { end: number; size: number } {
  const fd = openSync(path, 'r');
  try {
    let carry: Buffer = Buffer.alloc(0);
    let carryAt = 0; // the file offset of `carry`'s first byte
    let pos = 0;
    for (;;) {
      const n = readSync(fd, SCAN_CHUNK, 0, SCAN_CHUNK.length, pos);
      if (n === 0) return { end: carryAt, size: pos };
      pos += n;
      const data = carry.length ? Buffer.concat([carry, SCAN_CHUNK.subarray(0, n)]) : SCAN_CHUNK.subarray(0, n);
      let from = 0;
      for (let nl = data.indexOf(NEWLINE); nl !== -1; nl = data.indexOf(NEWLINE, from)) {
        if (!onLine(carryAt + from, data.subarray(from, nl))) return { end: carryAt + from, size: fstatSync(fd).size };
        from = nl + 1;
      }
      // The rest is the start of a line the next chunk ends (copied: the chunk is read into again).
      carry = Buffer.from(data.subarray(from));
      carryAt += from;
    }
  } finally {
    closeSync(fd);
  }
}

export function fsyncDir(dir: string) {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export const isDone = (s: Segment, i: number) => ((s.done[i >> 3] as number) & (1 << (i & 7))) !== 0;

/** An empty segment with room for `capacity` messages. */
export function newSegment(first: number, capacity: number, fd: number | null): Segment {
  return {
    first,
    count: 0,
    offsets: new Uint32Array(capacity + 1),
    done: new Uint8Array(Math.ceil(capacity / 8)),
    doneCount: 0,
    fd,
    ackFd: null,
  };
}

/** The line of a message: `{seq}\t{created}\t{topic}\t{body as JSON}\n`. */
export const messageLine = (seq: number, created: number, topic: string, body: Record<string, unknown>) =>
  Buffer.from(`${seq}\t${created}\t${topic}\t${JSON.stringify(body)}\n`);

/** Writes a line at the segment's end (its file open for writing). */
export function appendLine(s: Segment, line: Buffer) {
  const at = s.offsets[s.count] as number;
  writeSync(s.fd as number, line, 0, line.length, at);
  s.count++;
  s.offsets[s.count] = at + line.length;
}

export const lineBytes = (s: Segment, i: number) => (s.offsets[i + 1] as number) - (s.offsets[i] as number);

/** Marks message `i` acknowledged or dropped; false if it already was. */
export function markDone(s: Segment, i: number): boolean {
  if (isDone(s, i)) return false;
  s.done[i >> 3] = (s.done[i >> 3] as number) | (1 << (i & 7));
  s.doneCount++;
  return true;
}

/** Closes the segment's open files. */
export function closeSegment(s: Segment) {
  if (s.fd !== null) closeSync(s.fd);
  if (s.ackFd !== null) closeSync(s.ackFd);
  s.fd = null;
  s.ackFd = null;
}

export function deleteSegment(dir: string, s: Segment) {
  closeSegment(s);
  rmSync(join(dir, segmentName(s.first)), { force: true });
  rmSync(join(dir, acksName(s.first)), { force: true });
}

/** Message `i` as written (null if its line is not the one this segment wrote there). */
export function readLine(dir: string, s: Segment, i: number) {
  const bytes = lineBytes(s, i);
  const buf = Buffer.allocUnsafe(bytes);
  const fd = s.fd ?? openSync(join(dir, segmentName(s.first)), 'r');
  try {
    readSync(fd, buf, 0, bytes, s.offsets[i] as number);
  } finally {
    if (fd !== s.fd) closeSync(fd);
  }
  const [seqText, createdText, topic, ...json] = buf.toString('utf8', 0, bytes - 1).split('\t');
  if (Number(seqText) !== s.first + i || topic === undefined) return null;
  return { topic, created: Number(createdText), bytes, body: JSON.parse(json.join('\t')) as Record<string, unknown> };
}

/**
 * Reads a segment file back: its lines (a torn last line, from a process that died mid-write, is cut
 * off) and its acknowledgements; `onLine` is told each message's topic.
 */
export function loadSegment(
  dir: string,
  first: number,
  capacity: number,
  onLine: (seq: number, topic: string) => void,
): Segment {
  const path = join(dir, segmentName(first));
  const seg = newSegment(first, capacity, null);
  const { end, size } = scanLines(path, (offset, line) => {
    const tab = line.indexOf(TAB);
    const seq = tab > 0 ? Number(line.toString('latin1', 0, tab)) : Number.NaN;
    if (seq !== first + seg.count) return false; // not a line this outbox wrote: keep what came before it
    if (seg.count === capacity) throw new Error(`${path}: more messages than a segment of ${capacity} holds`);
    seg.offsets[seg.count++] = offset;
    const tab2 = line.indexOf(TAB, tab + 1);
    onLine(seq, line.toString('utf8', tab2 + 1, line.indexOf(TAB, tab2 + 1)));
    return true;
  });
  seg.offsets[seg.count] = end;
  if (end < size) {
    const fd = openSync(path, 'r+');
    try {
      ftruncateSync(fd, end);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
  let acks = '';
  try {
    acks = readFileSync(join(dir, acksName(first)), 'utf8');
  } catch {
    // none acknowledged yet
  }
  for (const line of acks.split('\n')) {
    const i = Number(line) - first;
    if (line && i >= 0 && i < seg.count) markDone(seg, i);
  }
  return seg;
}

/** The segment holding message `seq` (segments oldest first), or null. */
export function findSegment(segments: readonly Segment[], seq: number): Segment | null {
  let lo = 0;
  let hi = segments.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = segments[mid] as Segment;
    if (seq < s.first) hi = mid - 1;
    else if (seq >= s.first + s.count) lo = mid + 1;
    else return s;
  }
  return null;
}

/** Appends an acknowledged (or dropped) message's number to its segment's `.ack` file. */
export function writeAck(dir: string, s: Segment, seq: number) {
  s.ackFd ??= openSync(join(dir, acksName(s.first)), 'a');
  writeSync(s.ackFd, `${seq}\n`);
}

/** The messages the bounds have dropped, counted across restarts. */
export function readDropped(dir: string): number {
  try {
    return (JSON.parse(readFileSync(join(dir, DROPPED_FILE), 'utf8')) as { dropped: number }).dropped;
  } catch {
    return 0; // no drops recorded yet
  }
}

export const writeDropped = (dir: string, dropped: number) =>
  writeFileSync(join(dir, DROPPED_FILE), JSON.stringify({ dropped }));

export function segmentFileBytes(dir: string, s: Segment): number {
  try {
    return statSync(join(dir, segmentName(s.first))).size;
  } catch {
    return 0;
  }
}
