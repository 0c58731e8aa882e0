import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, createWriteStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Test infrastructure for the fault tests: a PostgreSQL cluster, Mosquitto and Redis of their own
 * on free ports in a temp dir (never the machine's services), and server instances as child
 * processes that can be killed and restarted.
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const PG_BIN = ['/usr/local/bin', '/usr/lib/postgresql/15/bin'];

export function which(name: string, dirs: string[] = []): string | null {
  for (const dir of [...dirs, ...(process.env.PATH ?? '').split(':')]) {
    const file = path.join(dir, name);
    if (dir && existsSync(file)) return file;
  }
  return null;
}

export function missingBinaries(): string[] {
  const wanted: [string, string[]][] = [
    ['initdb', PG_BIN],
    ['pg_ctl', PG_BIN],
    ['mosquitto', ['/usr/sbin']],
    ['redis-server', []],
  ];
  return wanted.filter(([name, dirs]) => !which(name, dirs)).map(([name]) => name);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const isRoot = process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root, the cluster belongs to (and runs as) `postgres`. */
function asPostgres(cmd: string, args: string[]): string {
  const bin = which(cmd, PG_BIN) ?? cmd;
  return isRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { encoding: 'utf8' })
    : execFileSync(bin, args, { encoding: 'utf8' });
}

export async function startPostgres(dir: string) {
  const port = await freePort();
  const data = path.join(dir, 'pg');
  mkdirSync(data, { recursive: true });
  if (isRoot) {
    chmodSync(dir, 0o755);
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(data, uid, gid);
  }
  asPostgres('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const opts = `-p ${port} -c listen_addresses=127.0.0.1 -k ${data} -c fsync=off -c max_connections=60`;
  const start = () => asPostgres('pg_ctl', ['-D', data, '-l', path.join(data, 'log'), '-o', opts, '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** A crash-like stop (no checkpoint), then a start that recovers from the WAL. */
    restart: async (downMs = 2000) => {
      asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      await new Promise((r) => setTimeout(r, downMs));
      start();
    },
    stop: () => {
      try {
        asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
    },
  };
}

function daemon(cmd: string, args: string[], log: string): ChildProcess {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const out = createWriteStream(log, { flags: 'a' });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  return child;
}

async function waitForPort(port: number, ms = 10_000): Promise<void> {
  const { connect } = await import('node:net');
  const until = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`nothing listens on ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stopChild(child: ChildProcess | null, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Mosquitto with persistence, raised queues (as deploy/mosquitto.conf) and the given password and ACL files. */
export async function startMosquitto(dir: string, files: { passwd: string; acl: string }, extraConf: string[] = []) {
  const port = await freePort();
  const home = path.join(dir, 'mosquitto');
  mkdirSync(home, { recursive: true });
  writeFileSync(path.join(home, 'passwd'), files.passwd, { mode: 0o600 });
  writeFileSync(path.join(home, 'acl'), files.acl, { mode: 0o600 });
  const conf = path.join(home, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `password_file ${path.join(home, 'passwd')}`,
      `acl_file ${path.join(home, 'acl')}`,
      'persistence true',
      `persistence_location ${home}/`,
      'autosave_interval 5',
      'max_inflight_messages 1000',
      'max_queued_messages 200000',
      'max_queued_bytes 0',
      'persistent_client_expiration 1h',
      ...extraConf,
      ...(isRoot ? ['user root'] : []),
      '',
    ].join('\n'),
  );
  let child: ChildProcess | null = null;
  const start = async () => {
    child = daemon(which('mosquitto', ['/usr/sbin']) ?? 'mosquitto', ['-c', conf], path.join(home, 'log'));
    await waitForPort(port);
  };
  await start();
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    /** A clean stop (Mosquitto writes its persistence file), then a start that reloads it. */
    restart: async (downMs = 1000) => {
      await stopChild(child);
      await new Promise((r) => setTimeout(r, downMs));
      await start();
    },
    stop: () => stopChild(child),
  };
}

export async function startRedis(dir: string) {
  const port = await freePort();
  const home = path.join(dir, 'redis');
  mkdirSync(home, { recursive: true });
  let child: ChildProcess | null = null;
  const start = async () => {
    child = daemon(
      which('redis-server') ?? 'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', home, '--save', '', '--appendonly', 'no'],
      path.join(home, 'log'),
    );
    await waitForPort(port);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    restart: async (downMs = 1000) => {
      await stopChild(child, 'SIGKILL');
      await new Promise((r) => setTimeout(r, downMs));
      await start();
    },
    stop: () => stopChild(child),
  };
}

export type Instance = { url: string; port: number; child: ChildProcess; exited: Promise<number | null> };

/** One server instance as its own process (`node --import tsx apps/server/src/main.ts`). */
export async function startInstance(env: Record<string, string>, log: string): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = createWriteStream(log, { flags: 'a' });
  child.stderr?.pipe(out);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error(`instance did not start; see ${log}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out.write(chunk);
      buffer += chunk.toString();
      const match = /console on http:\/\/localhost:(\d+)/.exec(buffer);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited with ${code}; see ${log}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, port, child, exited };
}

export async function killInstance(instance: Instance | null, signal: NodeJS.Signals): Promise<number | null> {
  if (!instance) return null;
  if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill(signal);
  return instance.exited;
}

/** Polls `/api/ready` until it answers 200. */
export async function waitReady(url: string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  let last = '';
  while (Date.now() < until) {
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.status === 200) return;
      last = await res.text();
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not ready: ${last}`);
}
