import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * A gzipped ustar archive of a directory, streamed file by file (a data directory can be larger than
 * memory), and its extraction. Only regular files and directories: what a PostgreSQL data directory
 * holds.
 */

const BLOCK = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mtime: number, dir: boolean): Buffer {
  const block = Buffer.alloc(BLOCK);
  // Names over 100 bytes go in the prefix field (up to 155 more), split at a slash.
  let prefix = '';
  let rest = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    prefix = name.slice(0, cut);
    rest = name.slice(cut + 1);
    if (cut < 0 || Buffer.byteLength(rest) > 100) throw new Error(`path too long for the archive: ${name}`);
  }
  block.write(rest, 0, 100);
  block.write(octal(dir ? 0o700 : 0o600, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(Math.floor(mtime / 1000), 12), 136);
  block.write('        ', 148);
  block.write(dir ? '5' : '0', 156);
  block.write('ustar\0', 257);
  block.write('00', 263);
  block.write(prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

/** How a file being written meanwhile is read (an online backup): see `entries`. */
export type TreeOptions = { live?: boolean };

/** One regular file's header, content and padding; `live`: see `entries`. */
async function* fileEntry(full: string, name: string, live: boolean): AsyncGenerator<Buffer> {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(full);
  } catch (err) {
    if (live && (err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  yield header(name, stat.size, stat.mtimeMs, false);
  let written = 0;
  if (stat.size > 0) {
    try {
      // 1 MB reads: an online backup advances about one read per turn of the event loop that ingest
      // shares, so the default 64 KB would make it crawl under a steady load.
      for await (const chunk of fs.createReadStream(full, { end: stat.size - 1, highWaterMark: 1_048_576 })) {
        written += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    } catch (err) {
      if (!live || (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  if (written !== stat.size) {
    if (!live) throw new Error(`${name} changed while archived`);
    // Truncated or removed meanwhile: zeros keep the archive whole, WAL replay rewrites the file.
    yield Buffer.alloc(stat.size - written);
  }
  const pad = (BLOCK - (stat.size % BLOCK)) % BLOCK;
  if (pad > 0) yield Buffer.alloc(pad);
}

/**
 * The entries under `root/rel`, in name order, less what `skip` names. `live`: files may change while
 * they are read (PostgreSQL's files during a base backup): one that vanished is left out, one that
 * grew is cut at the size it had when its header was written, one that shrank is padded with zeros.
 */
export async function* entries(
  root: string,
  rel: string,
  skip: (rel: string) => boolean,
  opts: TreeOptions = {},
): AsyncGenerator<Buffer> {
  let names: fs.Dirent[];
  try {
    names = fs.readdirSync(path.join(root, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  } catch (err) {
    if (opts.live && (err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const entry of names) {
    const name = rel ? `${rel}/${entry.name}` : entry.name;
    if (skip(name)) continue;
    const full = path.join(root, name);
    if (entry.isDirectory()) {
      yield directoryEntry(name, fs.statSync(full).mtimeMs);
      yield* entries(root, name, skip, opts);
    } else if (entry.isFile()) {
      yield* fileEntry(full, name, opts.live ?? false);
    }
  }
}

/** A directory's entry (the directory only). */
export function directoryEntry(name: string, mtimeMs: number): Buffer {
  return header(`${name}/`, 0, mtimeMs, true);
}

/** One file of the given name and content, from memory (backup_label), stamped `mtimeMs`. */
export function bufferEntry(name: string, content: Buffer, mtimeMs: number): Buffer {
  const pad = (BLOCK - (content.length % BLOCK)) % BLOCK;
  return Buffer.concat([header(name, content.length, mtimeMs, false), content, Buffer.alloc(pad)]);
}

/** One file of a tree, read as `entries` reads it. */
export function treeFile(root: string, name: string, opts: TreeOptions = {}): AsyncGenerator<Buffer> {
  return fileEntry(path.join(root, name), name, opts.live ?? false);
}

/** Writes the archive made of `parts` (entries, in order) to `file` as .tar.gz; `level`: gzip's. */
export async function writeTarGzOf(file: string, parts: () => AsyncGenerator<Buffer>, level = 6): Promise<void> {
  async function* archive() {
    yield* parts();
    yield Buffer.alloc(BLOCK * 2);
  }
  await pipeline(Readable.from(archive()), createGzip({ level }), fs.createWriteStream(file));
}

/** Writes `dir` (less what `skip` names, by path relative to it) to `file` as .tar.gz. */
export async function writeTarGz(dir: string, file: string, skip: (rel: string) => boolean = () => false) {
  await writeTarGzOf(file, () => entries(dir, '', skip));
}

function field(block: Buffer, at: number, width: number): string {
  const raw = block.subarray(at, at + width);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? width : end).toString();
}

/** Extracts a .tar.gz written by writeTarGz into `dir` (which must exist); refuses paths that leave it. */
export async function extractTarGz(file: string, dir: string): Promise<number> {
  const root = path.resolve(dir);
  let pending = Buffer.alloc(0);
  let current: { fd: number; left: number; pad: number } | null = null;
  let files = 0;
  let ended = false;
  for await (const chunk of fs.createReadStream(file).pipe(createGunzip())) {
    pending = Buffer.concat([pending, chunk as Buffer]);
    while (!ended) {
      if (current) {
        const take = Math.min(current.left, pending.length);
        if (take > 0) fs.writeSync(current.fd, pending, 0, take);
        pending = pending.subarray(take);
        current.left -= take;
        if (current.left > 0) break;
        if (pending.length < current.pad) break;
        pending = pending.subarray(current.pad);
        fs.closeSync(current.fd);
        current = null;
        continue;
      }
      if (pending.length < BLOCK) break;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((b) => b === 0)) {
        ended = true;
        break;
      }
      const prefix = field(block, 345, 155);
      const name = (prefix ? `${prefix}/` : '') + field(block, 0, 100);
      const target = path.resolve(root, name);
      if (target !== root && !target.startsWith(root + path.sep)) throw new Error(`unsafe path in archive: ${name}`);
      const type = String.fromCharCode(block[156] ?? 0);
      const size = Number.parseInt(field(block, 124, 12).trim() || '0', 8);
      if (type === '5') {
        fs.mkdirSync(target, { recursive: true, mode: 0o700 });
      } else if (type === '0' || type === '\0') {
        fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        current = { fd: fs.openSync(target, 'w', 0o600), left: size, pad: (BLOCK - (size % BLOCK)) % BLOCK };
        files += 1;
      } else {
        throw new Error(`unsupported entry type '${type}' in archive: ${name}`);
      }
    }
  }
  if (current || !ended) throw new Error('the archive is truncated');
  return files;
}
