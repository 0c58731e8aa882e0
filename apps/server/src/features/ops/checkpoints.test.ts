import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { checkpointIfDue, walState } from './checkpoints.ts';

let dir: string;
let database: Database;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rcm-checkpoint-'));
  database = await openDatabase({ dataDir: dir });
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const walFiles = () => fs.readdirSync(path.join(dir, 'pg_wal')).filter((f) => /^[0-9A-F]{24}$/.test(f));

// PGlite on disk only: the PostgreSQL run of the server tests has nothing more to prove here.
const embeddedOnly = process.env.RCM_TEST_DB === 'postgres';

describe.skipIf(embeddedOnly)('checkpoints of embedded PGlite', () => {
  it('checkpoints once the WAL since the last one passes the limit, which brings the replay back to zero', async () => {
    await database.db.execute(sql`create table filler (v text)`);
    const limits = { maxWalBytes: 32 * 1_048_576, maxAgeSeconds: 3600 };
    expect(await checkpointIfDue(database.db, limits)).toBe(false);
    // ~48 MB of WAL: three segments and more.
    for (let i = 0; i < 12; i++) {
      await database.db.execute(
        sql`insert into filler select repeat(md5(g::text), 32) from generate_series(1, 3500) g`,
      );
    }
    const before = await walState(database.db);
    expect(before.walBytes).toBeGreaterThan(limits.maxWalBytes);
    expect(await checkpointIfDue(database.db, limits)).toBe(true);
    const after = await walState(database.db);
    expect(after.walBytes).toBeLessThan(1_048_576);
    expect(after.ageSeconds).toBeLessThan(5);
  });

  it('keeps the WAL directory bounded while writing on (segments are removed or recycled)', async () => {
    const limits = { maxWalBytes: 16 * 1_048_576, maxAgeSeconds: 3600 };
    let most = 0;
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 4; i++) {
        await database.db.execute(
          sql`insert into filler select repeat(md5(g::text), 32) from generate_series(1, 3500) g`,
        );
      }
      await checkpointIfDue(database.db, limits);
      most = Math.max(most, walFiles().length);
    }
    // ~160 MB written in this test; min_wal_size (80 MB, 5 segments) and a checkpoint's distance stay on disk.
    expect(most).toBeLessThanOrEqual(8);
  });

  it('checkpoints by age too', async () => {
    expect(await checkpointIfDue(database.db, { maxWalBytes: 1 << 40, maxAgeSeconds: 0 })).toBe(true);
  });
});
