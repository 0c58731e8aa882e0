import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database.ts';
import { isDemoDatabase, seedDemo } from './demo.ts';

describe('a demo database remembers it is one', () => {
  let seeded: TestDatabase;
  let empty: TestDatabase;
  beforeAll(async () => {
    seeded = await openTestDatabase();
    empty = await openTestDatabase();
    await seedDemo(seeded.db, new Date(), { history: false });
  });
  afterAll(async () => {
    await seeded?.close();
    await empty?.close();
  });

  it('the seeded database says so on its next start; a database set up for real does not', async () => {
    expect(await isDemoDatabase(seeded.db)).toBe(true);
    expect(await isDemoDatabase(empty.db)).toBe(false);
  });
});
