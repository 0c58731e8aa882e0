import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../lib/sql.ts';
import { openTestDatabase, type TestDatabase } from '../test/database.ts';
import { createEventBus, inTransaction } from './bus.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table after_commit_probe (id int primary key)`);
});
afterAll(async () => {
  await database?.close();
});

const probes = async () =>
  (await query<{ id: number }>(database.db, sql`select id from after_commit_probe order by id`)).map((r) => r.id);

describe('events raised inside a transaction', () => {
  it('leave once it has committed, when what they announce can be read', async () => {
    const bus = createEventBus();
    const seen: Promise<number[]>[] = [];
    bus.on('auth.changed', () => void seen.push(probes()));
    await inTransaction(database.db, bus, async (tx, events) => {
      await tx.execute(sql`insert into after_commit_probe values (1)`);
      events.queue('auth.changed', { userIds: [1], disconnect: false });
      expect(seen).toHaveLength(0);
    });
    expect(seen).toHaveLength(1);
    expect(await seen[0]).toEqual([1]);
  });

  it('never leave when it rolls back', async () => {
    const bus = createEventBus();
    let emitted = 0;
    bus.on('auth.changed', () => {
      emitted += 1;
    });
    const failed = inTransaction(database.db, bus, async (tx, events) => {
      await tx.execute(sql`insert into after_commit_probe values (2)`);
      events.queueAll([{ name: 'auth.changed', args: [{ userIds: [2], disconnect: true }] }]);
      throw new Error('the change failed');
    });
    await expect(failed).rejects.toThrow('the change failed');
    expect(emitted).toBe(0);
    expect(await probes()).toEqual([1]);
  });
});
