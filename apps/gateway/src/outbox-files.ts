import { closeSync, fstatSync, fsyncSync, openSync, readSync } from 'node:fs';

/**
 * The outbox's files: segment and acknowledgement file names, reading a segment a line at a time, and
 * making a directory's entries durable. What the lines mean is the outbox's (`outbox.ts`).
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
