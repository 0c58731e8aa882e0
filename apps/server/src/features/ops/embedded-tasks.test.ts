import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createEventBus, inTransaction } from '../../events/bus.ts';
import { query } from '../../lib/sql.ts';
import { type EmbeddedTestDatabase, openEmbeddedTestDatabase } from '../../test/embedded.ts';
import { walState } from './checkpoints.ts';
import { type EmbeddedOps, startEmbeddedOps } from './embedded.ts';

// PGlite on disk only: the PostgreSQL run of the server tests has nothing more to prove here.
const embeddedOnly = process.env.RCM_TEST_DB === 'postgres';

let embedded: EmbeddedTestDatabase;
let ops: EmbeddedOps;
const clock = { now: new Date('2026-11-25T03:10:00.000Z') };
beforeAll(async () => {
  if (embeddedOnly) return;
  embedded = await openEmbeddedTestDatabase();
  const config = loadConfig({ DATA_DIR: embedded.dataDir, CHECKPOINT_WAL_MB: '16', BACKUP_HOUR_UTC: '3' });
  const log = { info: () => undefined, warn: () => undefined, debug: () => undefined, error: () => undefined };
  ops = await startEmbeddedOps({ config, database: embedded.database, log: log as never, now: () => clock.now });
});
afterAll(async () => {
  ops?.stop();
  await embedded?.remove();
});

/** As the scheduler runs a task: inside a transaction, reading through it, unless it runs without one. */
async function runJob(name: string) {
  const job = ops.tasks().find((j) => j.name === name);
  if (!job) throw new Error(`no job ${name}`);
  if (job.transaction === false) await job.run(embedded.database.db);
  else await inTransaction(embedded.database.db, createEventBus(), (tx, events) => job.run(tx as never, events));
}

describe.skipIf(embeddedOnly)('the embedded database’s scheduled tasks, as the scheduler runs them', () => {
  it('checkpoints once the WAL passes CHECKPOINT_WAL_MB', async () => {
    await embedded.database.db.execute(sql`create table filler (v text)`);
    for (let i = 0; i < 6; i++) {
      await embedded.database.db.execute(
        sql`insert into filler select repeat(md5(g::text), 32) from generate_series(1, 3500) g`,
      );
    }
    expect((await walState(embedded.database.db)).walBytes).toBeGreaterThan(16 * 1_048_576);
    await runJob('checkpoint');
    expect((await walState(embedded.database.db)).walBytes).toBeLessThan(1_048_576);
  });

  it('writes the nightly backup at its hour, once', async () => {
    await runJob('backup-nightly');
    expect(ops.backups.list().map((b) => b.name)).toEqual(['rcm-20261125T031000000Z-nightly.tar.gz']);
    clock.now = new Date('2026-11-25T03:40:00.000Z');
    await runJob('backup-nightly');
    expect(ops.backups.list()).toHaveLength(1);
    // The database goes on working after the backup (online: pg_backup_stop ended it).
    const [row] = await query<{ n: number }>(embedded.database.db, sql`select count(*)::int as n from users`);
    expect(row?.n).toBeGreaterThan(0);
  });
});
