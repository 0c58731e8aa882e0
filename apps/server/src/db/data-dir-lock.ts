import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * One process at a time per PGlite data directory. PGlite writes the same pid into every
 * postmaster.pid, so PostgreSQL's own check cannot tell two processes apart: a second one would open
 * the live files (and remove the first one's lock file on its way out).
 *
 * The lock is a listening Unix socket named after the directory (its device and inode, so another
 * spelling of the same path is the same lock). The kernel owns it: it is exclusive while the process
 * lives and gone the moment it dies, however it dies, so a killed holder never blocks a restart and
 * no timer or event loop has to keep it fresh. On Linux it lives in the abstract namespace (no file);
 * elsewhere it is a socket file in the system's temporary folder, taken over when nothing answers on
 * it. A process refused the lock connects to it and learns who holds it.
 */
export type DataDirLock = { dataDir: string; release: () => Promise<void> };

/** `since`: when the holding process started. */
export type LockHolder = { pid: number; program: string; since: string };

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder
      ? `process ${holder.pid} (${holder.program}, since ${holder.since})`
      : 'another process on this machine';
    super(`The data directory ${dataDir} is in use by ${who}. Stop it first, or use another DATA_DIR.`);
    this.name = 'DataDirInUseError';
  }
}

function socketAddress(dataDir: string): { address: string; file: string | null } {
  const st = fs.statSync(dataDir);
  const key = createHash('sha256').update(`${st.dev}:${st.ino}`).digest('hex').slice(0, 24);
  if (process.platform === 'linux') return { address: `\0rcm-data-dir-${key}`, file: null };
  const file = path.join(os.tmpdir(), `rcm-data-dir-${key}.sock`);
  return { address: file, file };
}

function listen(address: string, holder: LockHolder): Promise<net.Server | null> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => {
      socket.on('error', () => undefined);
      socket.end(JSON.stringify(holder));
    });
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') resolve(null);
      else reject(err);
    });
    server.listen(address, () => {
      // The lock never keeps the process alive on its own.
      server.unref();
      resolve(server);
    });
  });
}

/** What the holder says about itself; null when nothing answers (a socket file left by a dead process). */
function askHolder(address: string): Promise<{ answered: boolean; holder: LockHolder | null }> {
  return new Promise((resolve) => {
    let body = '';
    const socket = net.connect(address);
    socket.setTimeout(2_000, () => socket.destroy());
    socket.on('data', (chunk) => {
      body += chunk.toString();
    });
    socket.on('end', () => {
      try {
        resolve({ answered: true, holder: JSON.parse(body) as LockHolder });
      } catch {
        resolve({ answered: true, holder: null });
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ answered: err.code !== 'ECONNREFUSED' && err.code !== 'ENOENT', holder: null }),
    );
    socket.on('close', () => resolve({ answered: true, holder: null }));
  });
}

/**
 * Takes the data directory's lock (creating the directory if needed) or throws DataDirInUseError
 * naming the holder. Released by `release()` or by the process ending.
 */
export async function lockDataDir(
  dataDir: string,
  program = path.basename(process.argv[1] ?? 'node'),
): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const { address, file } = socketAddress(dir);
  const holder: LockHolder = { pid: process.pid, program, since: new Date(performance.timeOrigin).toISOString() };
  let server = await listen(address, holder);
  if (!server) {
    const found = await askHolder(address);
    if (found.answered || !file) throw new DataDirInUseError(dir, found.holder);
    // A socket file nobody listens on: its process died. Take it over.
    fs.rmSync(file, { force: true });
    server = await listen(address, holder);
    if (!server) throw new DataDirInUseError(dir, (await askHolder(address)).holder);
  }
  const held = server;
  return {
    dataDir: dir,
    release: () =>
      new Promise<void>((resolve) => {
        held.close(() => resolve());
      }),
  };
}
