import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../../lib/sql.ts';
import { type SeededAlarm, seedAlarms } from '../../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../../test/app.ts';
import { failingAudit } from '../../../test/audit.ts';
import type { AuthContext } from '../../auth/service.ts';
import { createAlarmQueryRepo } from '../list/query-repo.ts';
import { createAlarmService } from '../list/service.ts';
import { createAlarmLifecycleRepo } from './lifecycle-repo.ts';

let t: TestApp;
let ctx: AuthContext;
let alarm: SeededAlarm;
beforeAll(async () => {
  t = await createTestApp();
  const found = await t.auth.authenticate(await login(t.app, 'manager@example.com'));
  if (!found) throw new Error('no session');
  ctx = found;
  [alarm] = (await seedAlarms(t.database.db, [{ controller: 1, notes: '<p>first</p>' }])) as [SeededAlarm];
});
afterAll(() => t?.close());

describe('an alarm-notes change and its audit entry commit together', () => {
  it('keeps the old notes when the audit entry cannot be written', async () => {
    const service = createAlarmService({
      db: t.database.db,
      queries: createAlarmQueryRepo(t.database.db),
      lifecycle: createAlarmLifecycleRepo(t.database.db),
      audit: failingAudit,
    });
    await expect(service.updateNotes(ctx, alarm.ref, '<p>second</p>')).rejects.toThrow('audit log unavailable');
    const [row] = await query<{ notes: string }>(t.database.db, sql`select notes from alarms where id = ${alarm.id}`);
    expect(row?.notes).toBe('<p>first</p>');
  });
});
