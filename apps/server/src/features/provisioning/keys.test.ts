import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/database.ts';
import { createProvisioningKeys } from './keys.ts';
import { createProvisioningKeysRepo } from './keys-repo.ts';

let database: TestDatabase;
let clock = 0;
const now = () => clock;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const start = (configured: string | null) =>
  createProvisioningKeys({ db: database.db, repo: createProvisioningKeysRepo(database.db), configured, now });

describe('the provisioning key', () => {
  it('is generated on the first start without DEVICE_PROVISIONING_KEY, and kept across restarts', async () => {
    const first = await (await start(null)).current();
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await (await start(null)).current()).toBe(first);
  });

  it('follows DEVICE_PROVISIONING_KEY when it is set or changed, once: a rotation survives a restart', async () => {
    expect(await (await start('configured-key-1')).current()).toBe('configured-key-1');
    const rotated = await (await start('configured-key-1')).rotate(async () => undefined);
    expect(await (await start('configured-key-1')).current()).toBe(rotated);
    expect(await (await start('configured-key-2')).current()).toBe('configured-key-2');
  });

  it('rotated on one instance, is seen by another within its short cache', async () => {
    const a = await start(null);
    const b = await start(null);
    const key = await a.rotate(async () => undefined);
    expect(await a.current()).toBe(key);
    clock += 2_001;
    expect(await b.current()).toBe(key);
  });
});
