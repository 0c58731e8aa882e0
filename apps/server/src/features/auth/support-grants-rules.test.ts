import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { login } from '../../test/app.ts';
import { userByEmail } from '../../test/helpers.ts';
import {
  api,
  fm,
  fmAdmin,
  fmAlarm,
  inDays,
  polar,
  setSupportAccess,
  t,
  useSupportGrantsApp,
  vv,
  vvAdmin,
} from '../../test/support-grants.ts';
import { inScope, mayViewSql, scopeFor, scopeRooms, withheldRoom } from './scope.ts';

useSupportGrantsApp();

/** The service company's administrator, signed in again by a test after the clock moves. */
let admin: string;

beforeAll(async () => {
  admin = await login(t.app, 'admin@example.com');
  // FreshMart opens to the service company by grant only.
  await setSupportAccess(fmAdmin, fm, 'grant');
});

describe('support access: the grants’ rules, and who hears of alarms', () => {
  it('refuses an expiry past or beyond 30 days, and grantees of the organization itself (422)', async () => {
    const techUser = await userByEmail(t.database, 'technician@example.com');
    const fmAdminUser = await userByEmail(t.database, 'fm-admin@example.com');
    const post = (body: Record<string, unknown>, locale?: string) =>
      api('POST', fmAdmin, `organizations/${fm}/support-grants`, { reason: 'x', ...body }, locale);
    const field = (r: { body: Record<string, never> }) =>
      (r.body.error as unknown as { details: { fields: { field: string; message: string }[] } }).details.fields[0];

    const tooFar = await post({ grantee_user_id: techUser.id, expires_at: inDays(31) });
    expect(tooFar.status).toBe(422);
    expect(field(tooFar)).toMatchObject({
      field: 'expires_at',
      message: 'Support access can be granted for at most 30 days.',
    });
    const tooFarEs = await post({ grantee_user_id: techUser.id, expires_at: inDays(31) }, 'es-MX');
    expect(field(tooFarEs)?.message).toBe('El acceso de soporte puede otorgarse por 30 días como máximo.');
    expect((await post({ grantee_user_id: techUser.id, expires_at: inDays(-1) })).status).toBe(422);
    expect((await post({ grantee_user_id: fmAdminUser.id, expires_at: inDays(1) })).status).toBe(422);
    expect((await post({ grantee_organization_id: fm, expires_at: inDays(1) })).status).toBe(422);
    // Exactly one grantee, and a reason.
    expect((await post({ expires_at: inDays(1) })).status).toBe(422);
    expect(
      (await post({ grantee_user_id: techUser.id, grantee_organization_id: polar, expires_at: inDays(1) })).status,
    ).toBe(422);
    expect((await post({ grantee_user_id: techUser.id, expires_at: inDays(1), reason: '  ' })).status).toBe(422);
    expect((await post({ grantee_user_id: techUser.id, expires_at: inDays(30) })).status).toBe(201);
  });

  it('another organization, the service company included, can neither list, give nor end its grants (404)', async () => {
    const listed = await api('GET', fmAdmin, `organizations/${fm}/support-grants`);
    const someId = (listed.body.data as unknown as { id: number }[])[0]?.id;
    expect(someId).toBeDefined();
    for (const token of [vvAdmin, admin]) {
      expect((await api('GET', token, `organizations/${fm}/support-grants`)).status).toBe(404);
      expect((await api('GET', token, `organizations/${fm}/support-grantees`)).status).toBe(404);
      expect(
        (
          await api('POST', token, `organizations/${fm}/support-grants`, {
            grantee_organization_id: polar,
            expires_at: inDays(1),
            reason: 'Let me in',
          })
        ).status,
      ).toBe(404);
      expect((await api('DELETE', token, `support-grants/${someId}`)).status).toBe(404);
    }
    // Without settings_update: 403.
    const viewer = await login(t.app, 'viewer@example.com');
    expect((await api('GET', viewer, `organizations/${fm}/support-grants`)).status).toBe(403);
  });

  it('the same rule decides who is told of the organization’s alarms, and which socket rooms hear of them', async () => {
    // The database's clock decides here: the grant that expired on the moved test clock is still ahead of it.
    await query(t.database.db, sql`update support_grants set revoked_at = now() where revoked_at is null`);
    admin = await login(t.app, 'admin@example.com');
    const told = async () =>
      (
        await query<{ email: string }>(
          t.database.db,
          sql`select u.email from users u join roles r on r.id = u.role_id
            where ${mayViewSql('alarms', { user: sql`u`, role: sql`r` }, { org: sql`${fm}::int`, loc: sql`${fmAlarm.locationId}::int` })}`,
        )
      ).map((r) => r.email);
    expect(await told()).not.toContain('technician@example.com');
    expect(await told()).toContain('fm-admin@example.com');
    const techUser = await userByEmail(t.database, 'technician@example.com');
    const created = await api('POST', fmAdmin, `organizations/${fm}/support-grants`, {
      grantee_user_id: techUser.id,
      expires_at: inDays(1),
      reason: 'On call tonight',
    });
    expect(created.status).toBe(201);
    expect(await told()).toContain('technician@example.com');
    await api('DELETE', fmAdmin, `support-grants/${(created.body.data as unknown as { id: number }).id}`);
    expect(await told()).not.toContain('technician@example.com');

    const ctx = await t.auth.authenticate(admin);
    if (!ctx) throw new Error('admin not signed in');
    expect(ctx.withheldOrganizationIds).toEqual([fm]);
    const scope = scopeFor(ctx, 'alarms');
    expect(scope).toEqual({ kind: 'all', except: [fm] });
    if (!scope) return;
    expect(inScope(scope, { organizationId: fm, locationId: null })).toBe(false);
    expect(inScope(scope, { organizationId: vv, locationId: null })).toBe(true);
    expect(scopeRooms('alarms', scope)).toEqual(['alarms:all', withheldRoom('alarms', fm)]);
  });

  it('lists whom a grant may name: the people of other organizations who reach beyond their own', async () => {
    const res = await api('GET', fmAdmin, `organizations/${fm}/support-grantees`);
    expect(res.status).toBe(200);
    const data = res.body.data as unknown as { organizations: { id: number }[]; users: { email: string }[] };
    expect(data.organizations.map((o) => o.id)).toEqual([polar]);
    expect(data.users.map((u) => u.email).sort()).toEqual(['admin@example.com', 'technician@example.com']);
  });
});
