import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controllers, organizations } from '../../db/schema.ts';
import { readerFor } from '../../db/statement.ts';
import { query } from '../../lib/sql.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { failingAudit } from '../../test/audit.ts';
import { createApiTokensRepo } from '../auth/api-tokens-repo.ts';
import { createAuthRepo } from '../auth/repo.ts';
import type { AuthContext } from '../auth/service.ts';
import { createAuthService } from '../auth/service.ts';
import { createSupportAccess } from '../auth/support-access.ts';
import { createSupportRepo } from '../auth/support-repo.ts';
import { createAccountThrottle } from '../auth/throttle.ts';
import { createThrottleRepo } from '../auth/throttle-repo.ts';
import { createControllersRepo } from '../controllers/repo.ts';
import { createControllersService } from '../controllers/service.ts';
import { createLocationsRepo } from '../organizations/locations-repo.ts';
import { createMembersRepo } from '../organizations/members-repo.ts';
import { createOrganizationsRepo } from '../organizations/repo.ts';
import { createOrganizationsService } from '../organizations/service.ts';

let t: TestApp;
let admin: AuthContext;
beforeAll(async () => {
  t = await createTestApp();
  const found = await t.auth.authenticate(await login(t.app, 'admin@example.com'));
  if (!found) throw new Error('no session');
  admin = found;
});
afterAll(() => t?.close());

const now = () => t.clock.now;

describe('a change and its audit entry commit together', () => {
  it('creates no organization when its entry cannot be written', async () => {
    const db = t.database.db;
    const service = createOrganizationsService({
      db,
      repo: createOrganizationsRepo(db),
      locations: createLocationsRepo(db),
      members: createMembersRepo(db),
      audit: failingAudit,
      now,
    });
    await expect(service.create(admin, 'Audit Fail Foods')).rejects.toThrow('audit log unavailable');
    expect(await db.select().from(organizations).where(eq(organizations.name, 'Audit Fail Foods'))).toHaveLength(0);
  });

  it('keeps a controller’s device key when the rotation’s entry cannot be written', async () => {
    const db = t.database.db;
    const [controller] = await db
      .select({ id: controllers.id, keyHash: controllers.deviceKeyHash })
      .from(controllers)
      .where(eq(controllers.authorised, true))
      .limit(1);
    if (!controller) throw new Error('the demo has no authorized controller');
    const service = createControllersService({
      db,
      repo: createControllersRepo(db),
      audit: failingAudit,
      forgetDevice: () => undefined,
      revokeDevice: () => undefined,
      announceAlarms: async () => undefined,
      now,
    });
    await expect(service.rotateKey(admin, controller.id)).rejects.toThrow('audit log unavailable');
    const [after] = await db
      .select({ keyHash: controllers.deviceKeyHash })
      .from(controllers)
      .where(eq(controllers.id, controller.id));
    expect(after?.keyHash).toBe(controller.keyHash);
  });

  it('opens no session when the sign-in’s entry cannot be written', async () => {
    const db = t.database.db;
    const count = async () => (await query<{ n: number }>(db, sql`select count(*)::int as n from sessions`))[0]?.n;
    const before = await count();
    const service = createAuthService({
      db,
      repo: createAuthRepo(db),
      apiTokens: createApiTokensRepo(db),
      audit: failingAudit,
      read: readerFor(db),
      now,
      throttle: createAccountThrottle({ repo: createThrottleRepo(db), now }),
      mfa: t.context.shared.mfa,
      support: createSupportAccess({ db, repo: createSupportRepo(db), audit: failingAudit, now }),
    });
    await expect(service.login({ email: 'admin@example.com', password: 'demo1234' })).rejects.toThrow(
      'audit log unavailable',
    );
    expect(await count()).toBe(before);
  });
});
