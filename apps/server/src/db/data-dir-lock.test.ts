import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rcm-lock-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A process that takes the lock, says so on stdout, and holds it until it is killed. */
function holder(dataDir: string) {
  const script = `import { lockDataDir } from ${JSON.stringify(new URL('./data-dir-lock.ts', import.meta.url).href)};
await lockDataDir(${JSON.stringify(dataDir)}, 'lock-holder');
console.log('locked');
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    void exited.then(() => reject(new Error('the holder exited before taking the lock')));
  });
  return { child, locked, exited };
}

describe('one process per data directory', () => {
  it('refuses a second holder, naming the directory and the holder, until the first releases it', async () => {
    const dir = path.join(root, 'a');
    const first = await lockDataDir(dir, 'first');
    const refused = await lockDataDir(dir, 'second').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as DataDirInUseError).message).toContain(dir);
    expect((refused as DataDirInUseError).holder).toMatchObject({ pid: process.pid, program: 'first' });
    await first.release();
    const again = await lockDataDir(dir, 'second');
    await again.release();
  });

  it('is the same lock whatever path names the directory', async () => {
    const dir = path.join(root, 'b');
    const lock = await lockDataDir(dir);
    const link = path.join(root, 'b-link');
    fs.symlinkSync(dir, link);
    try {
      await expect(lockDataDir(link)).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(lockDataDir(path.join(dir, '..', 'b'))).rejects.toBeInstanceOf(DataDirInUseError);
    } finally {
      await lock.release();
    }
  });

  it('another process holding it is named; once it is killed (SIGKILL) the lock is free at once', async () => {
    const dir = path.join(root, 'c');
    const other = holder(dir);
    await other.locked;
    const refused = await lockDataDir(dir).catch((err: unknown) => err);
    expect((refused as DataDirInUseError).holder).toMatchObject({ pid: other.child.pid, program: 'lock-holder' });
    other.child.kill('SIGKILL');
    await other.exited;
    const mine = await lockDataDir(dir);
    await mine.release();
  });
});
