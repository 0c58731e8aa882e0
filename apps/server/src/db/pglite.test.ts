import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openEmbedded } from './pglite.ts';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rcm-pglite-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// PGlite on disk only: the PostgreSQL run of the server tests has nothing more to prove here.
const embeddedOnly = process.env.RCM_TEST_DB === 'postgres';

describe.skipIf(embeddedOnly)('embedded PGlite on disk', () => {
  it('runs with fsync on and flushes the WAL to the host file at every commit', async () => {
    const { client: db, close } = await openEmbedded(path.join(dir, 'a'));
    try {
      expect((await db.query<{ fsync: string }>('show fsync')).rows[0]?.fsync).toBe('on');
      expect((await db.query<{ synchronous_commit: string }>('show synchronous_commit')).rows[0]).toEqual({
        synchronous_commit: 'on',
      });
      await db.exec('create table t (id int primary key)');
      const fsync = vi.spyOn(fs, 'fsyncSync');
      try {
        for (let i = 0; i < 5; i++) await db.query('insert into t values ($1)', [i]);
        // One real fsync (on a host descriptor) per commit, before the insert returned.
        expect(fsync.mock.calls.length).toBeGreaterThanOrEqual(5);
      } finally {
        fsync.mockRestore();
      }
    } finally {
      await close();
    }
  });

  it('keeps what was committed across a reopen', async () => {
    const at = path.join(dir, 'b');
    const first = await openEmbedded(at);
    await first.client.exec(`create table t (v text); insert into t values ('kept')`);
    await first.close();
    const second = await openEmbedded(at);
    try {
      expect((await second.client.query<{ v: string }>('select v from t')).rows).toEqual([{ v: 'kept' }]);
    } finally {
      await second.close();
    }
  });
});
