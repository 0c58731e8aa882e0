import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems } from '../../db/schema-inventory.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { failingAudit } from '../../test/audit.ts';
import type { AuthContext } from '../auth/service.ts';
import { createItemsRepo } from './items-repo.ts';
import { createItemsService } from './items-service.ts';

let t: TestApp;
let ctx: AuthContext;
beforeAll(async () => {
  t = await createTestApp();
  const found = await t.auth.authenticate(await login(t.app, 'technician@example.com'));
  if (!found) throw new Error('no session');
  ctx = found;
});
afterAll(() => t?.close());

const item = (part: string) => ({
  product_name: 'Sight glass',
  part_number: part,
  type: 'valve' as const,
  brand: 'Sporlan',
  specification: '3/8 SAE flare',
  quantity: 4,
  reorder_level: 2,
  unit_price: 36.25,
  organization_id: 2,
});

const byPart = (part: string) => t.database.db.select().from(inventoryItems).where(eq(inventoryItems.partNumber, part));

describe('an inventory change and its audit entry commit together', () => {
  it('creates nothing when the audit entry cannot be written', async () => {
    const repo = createItemsRepo(t.database.db, () => t.clock.now);
    const service = createItemsService({ db: t.database.db, repo, audit: failingAudit, now: () => t.clock.now });
    await expect(service.create(ctx, item('AUDIT-FAIL-1'))).rejects.toThrow('audit log unavailable');
    expect(await byPart('AUDIT-FAIL-1')).toHaveLength(0);
  });

  it('changes nothing on update or import when the audit entry cannot be written', async () => {
    const repo = createItemsRepo(t.database.db, () => t.clock.now);
    const working = createItemsService({
      db: t.database.db,
      repo,
      audit: {
        record: async () => undefined,
        recordBy: async () => undefined,
        recordChange: (on, _actor, write) => on.transaction(write),
        recordAction: async () => undefined,
      },
      now: () => t.clock.now,
    });
    const id = await working.create(ctx, item('AUDIT-FAIL-2'));
    const failing = createItemsService({ db: t.database.db, repo, audit: failingAudit, now: () => t.clock.now });
    await expect(failing.update(ctx, id, { ...item('AUDIT-FAIL-2'), quantity: 99 })).rejects.toThrow();
    expect((await byPart('AUDIT-FAIL-2'))[0]?.quantity).toBe(4);
    const row = Object.fromEntries(
      Object.entries({ ...item('AUDIT-FAIL-3'), organization_id: undefined })
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
    await expect(failing.import(ctx, 'en-US', { organization_id: 2, rows: [row] })).rejects.toThrow();
    expect(await byPart('AUDIT-FAIL-3')).toHaveLength(0);
  });
});
