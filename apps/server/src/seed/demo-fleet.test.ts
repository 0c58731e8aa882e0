import { demoMac } from '@rcm/shared/demo';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controllers } from '../db/schema.ts';
import { hashToken } from '../features/auth/tokens.ts';
import { openTestDatabase, type TestDatabase } from '../test/database.ts';
import { seedDemo } from './demo.ts';
import { demoFleetMacs } from './demo-fleet.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemo(database.db, new Date(), { history: false });
});
afterAll(async () => database?.close());

describe('the demo fleet signs in only as the demo controllers', () => {
  it('leaves out a real controller authorized and online beside the demo', async () => {
    const before = await demoFleetMacs(database.db);
    expect(before.length).toBeGreaterThan(30);
    const [org] = await database.db.select({ id: controllers.organizationId }).from(controllers).limit(1);
    await database.db.insert(controllers).values({
      macAddress: '0A:1B:2C:3D:4E:5F',
      organizationId: org?.id ?? null,
      authorised: true,
      online: true,
      deviceKeyHash: hashToken('a-real-device-key'),
    });
    const after = await demoFleetMacs(database.db);
    expect(after).not.toContain('0A:1B:2C:3D:4E:5F');
    expect(after).toEqual(before);
  });

  it('leaves out a demo controller whose key was issued again', async () => {
    const [first] = await demoFleetMacs(database.db);
    if (!first) throw new Error('no demo controller');
    await database.db
      .update(controllers)
      .set({ deviceKeyHash: hashToken('a-new-key') })
      .where(eq(controllers.macAddress, first));
    expect(await demoFleetMacs(database.db)).not.toContain(first);
  });

  it('is the same fleet after a stop left every controller offline, without the silent ones', async () => {
    const before = await demoFleetMacs(database.db);
    await database.db.update(controllers).set({ online: false });
    expect(await demoFleetMacs(database.db)).toEqual(before);
    expect(before).not.toContain(demoMac(4));
  });
});
