import { and, eq, gt, inArray, max, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, controllers, locations, organizations } from '../../db/schema.ts';
import { query } from '../../lib/sql.ts';
import { addUser, type SeededAlarm, seedAlarms } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { advance, callApi, DAY, HOUR, userByEmail } from '../../test/helpers.ts';
import { inScope, mayViewSql, scopeFor, scopeRooms, withheldRoom } from './scope.ts';

let t: TestApp;
let fm: number;
let vv: number;
let polar: number;
let fmAdmin: string;
let vvAdmin: string;
let admin: string;
let tech: string;
let fmController: number;
let fmLocation: number;
let fmAlarm: SeededAlarm;
let vvAlarm: SeededAlarm;

const orgId = async (name: string) => {
  const [o] = await t.database.db.select().from(organizations).where(eq(organizations.name, name));
  if (!o) throw new Error(name);
  return o.id;
};

const ADMIN_PERMISSIONS = [
  'organization_view',
  'locations_view',
  'controllers_view',
  'alarms_view',
  'settings_view',
  'settings_update',
] as const;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
  fm = await orgId('FreshMart Foods');
  vv = await orgId('Valle Verde Supermercados');
  polar = await orgId('Polar Refrigeration Services');
  await addUser(t.database.db, {
    from: 'manager@example.com',
    email: 'fm-admin@example.com',
    permissions: [...ADMIN_PERMISSIONS],
  });
  await addUser(t.database.db, {
    from: 'manager@example.com',
    email: 'vv-admin@example.com',
    organizationName: 'Valle Verde Supermercados',
    permissions: [...ADMIN_PERMISSIONS],
  });
  fmAdmin = await login(t.app, 'fm-admin@example.com');
  vvAdmin = await login(t.app, 'vv-admin@example.com');
  admin = await login(t.app, 'admin@example.com');
  tech = await login(t.app, 'technician@example.com');
  const [c] = await t.database.db.select().from(controllers).where(eq(controllers.organizationId, fm)).limit(1);
  const [l] = await t.database.db.select().from(locations).where(eq(locations.organizationId, fm)).limit(1);
  fmController = c?.id ?? 0;
  fmLocation = l?.id ?? 0;
  [fmAlarm, vvAlarm] = (await seedAlarms(t.database.db, [{ controller: 0 }, { controller: 5 }])) as [
    SeededAlarm,
    SeededAlarm,
  ];
});
afterAll(() => t?.close());

const api = (...args: Parameters<typeof callApi> extends [unknown, ...infer R] ? R : never) => callApi(t.app, ...args);

async function setSupportAccess(token: string, organizationId: number, supportAccess: 'always' | 'grant' | 'never') {
  const current = await api('GET', token, `organizations/${organizationId}/security-policy`);
  expect(current.status).toBe(200);
  const { organization_id: _o, updated_at: _u, ...policy } = current.body.data as unknown as Record<string, unknown>;
  const res = await api('PUT', token, `organizations/${organizationId}/security-policy`, {
    ...policy,
    support_access: supportAccess,
  });
  expect(res.status).toBe(200);
}

/** Ends FreshMart's active grants (tests start from none). */
async function endGrants() {
  const listed = await api('GET', fmAdmin, `organizations/${fm}/support-grants`);
  for (const g of listed.body.data as unknown as { id: number; state: string }[])
    if (g.state === 'active') await api('DELETE', fmAdmin, `support-grants/${g.id}`);
}

const inDays = (days: number) => new Date(t.clock.now.getTime() + days * DAY).toISOString();

/** What a caller sees of FreshMart: its controllers, locations and alarms, listed and read directly. */
async function seesFreshMart(token: string) {
  const list = await Promise.all([
    api('GET', token, `controllers?organization_id=${fm}&per_page=100`),
    api('GET', token, `locations?organization_id=${fm}&per_page=100`),
    api('GET', token, `alarms?organization_id=${fm}&per_page=100&status=active`),
    api('GET', token, 'alarms?per_page=100&status=active'),
    api('GET', token, 'organizations?per_page=100'),
  ]);
  const direct = await Promise.all([
    api('GET', token, `controllers/${fmController}`),
    api('GET', token, `locations/${fmLocation}`),
    api('GET', token, `alarms/${fmAlarm.ref}`),
    api('GET', token, `organizations/${fm}`),
  ]);
  const rows = (r: { body: Record<string, never> }) =>
    (r.body.data as unknown as { id?: number; ref?: number }[]) ?? [];
  const [cs, ls, as, all, orgs] = list;
  return {
    controllers: rows(cs as never).length,
    locations: rows(ls as never).length,
    alarms: rows(as as never).length,
    inAllAlarms: rows(all as never).some((a) => a.ref === fmAlarm.ref),
    otherAlarms: rows(all as never).some((a) => a.ref === vvAlarm.ref),
    inOrganizations: rows(orgs as never).some((o) => o.id === fm),
    direct: direct.map((d) => d.status),
  };
}

const HIDDEN = {
  controllers: 0,
  locations: 0,
  alarms: 0,
  inAllAlarms: false,
  otherAlarms: true,
  inOrganizations: false,
  direct: [404, 404, 404, 404],
};

describe('support access', () => {
  it('always (the default) is today’s rule: the service company sees the organization', async () => {
    const seen = await seesFreshMart(admin);
    expect(seen.controllers).toBeGreaterThan(0);
    expect(seen).toMatchObject({ inAllAlarms: true, inOrganizations: true, direct: [200, 200, 200, 200] });
  });

  it('grant: without a grant the service company sees nothing of it; a grant to its organization opens it, ending it closes it', async () => {
    await setSupportAccess(fmAdmin, fm, 'grant');
    expect(await seesFreshMart(admin)).toEqual(HIDDEN);
    expect(await seesFreshMart(tech)).toEqual(HIDDEN);
    // Its own people are not affected.
    expect((await seesFreshMart(fmAdmin)).direct).toEqual([200, 200, 200, 200]);

    const [last] = await t.database.db.select({ id: max(auditLog.id) }).from(auditLog);
    const created = await api('POST', fmAdmin, `organizations/${fm}/support-grants`, {
      grantee_organization_id: polar,
      expires_at: inDays(2),
      reason: 'Compressor alarms at #101',
    });
    expect(created.status).toBe(201);
    const grant = created.body.data as unknown as { id: number; state: string; granted_by: { name: string } };
    expect(grant).toMatchObject({
      state: 'active',
      grantee_organization: { id: polar },
      grantee_user: null,
      reason: 'Compressor alarms at #101',
      granted_by: { name: 'fm-admin@example.com' },
      revoked_at: null,
    });

    const seen = await seesFreshMart(admin);
    expect(seen.controllers).toBeGreaterThan(0);
    expect(seen).toMatchObject({ inAllAlarms: true, inOrganizations: true, direct: [200, 200, 200, 200] });
    expect((await seesFreshMart(tech)).direct).toEqual([200, 200, 200, 200]);
    // A grantee cannot widen its own access through the policy (only FreshMart's people change it).
    const policy = await api('GET', admin, `organizations/${fm}/security-policy`);
    expect(policy.status).toBe(200);
    const { organization_id: _o, updated_at: _u, ...body } = policy.body.data as unknown as Record<string, unknown>;
    expect(
      (await api('PUT', admin, `organizations/${fm}/security-policy`, { ...body, support_access: 'always' })).status,
    ).toBe(403);
    // Another organization with the same rule and no grant stays closed to them.
    await setSupportAccess(vvAdmin, vv, 'grant');
    expect((await seesFreshMart(admin)).otherAlarms).toBe(false);
    await setSupportAccess(vvAdmin, vv, 'always');

    // One `support_grant.used` per grant and person a day, however many requests.
    const used = await t.database.db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, last?.id ?? 0), eq(auditLog.action, 'support_grant.used')));
    const adminUser = await userByEmail(t.database, 'admin@example.com');
    const techUser = await userByEmail(t.database, 'technician@example.com');
    expect(used.map((u) => [u.organizationId, u.subjectId, u.actorUserId]).sort()).toEqual(
      [
        [fm, String(grant.id), adminUser.id],
        [fm, String(grant.id), techUser.id],
      ].sort(),
    );

    const ended = await api('DELETE', fmAdmin, `support-grants/${grant.id}`);
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ state: 'revoked', revoked_by: { name: 'fm-admin@example.com' } });
    expect(await seesFreshMart(admin)).toEqual(HIDDEN);
    expect((await api('DELETE', fmAdmin, `support-grants/${grant.id}`)).status).toBe(409);

    // The history keeps it, with who granted and when it was revoked.
    const listed = await api('GET', fmAdmin, `organizations/${fm}/support-grants`);
    expect(listed.status).toBe(200);
    expect(listed.body.meta).toMatchObject({ page: 1, per_page: 25, total: 1, last_page: 1 });
    expect(
      (listed.body.data as unknown as { id: number; state: string }[]).find((g) => g.id === grant.id),
    ).toMatchObject({
      state: 'revoked',
    });

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          gt(auditLog.id, last?.id ?? 0),
          inArray(auditLog.action, ['support_grant.created', 'support_grant.revoked']),
        ),
      );
    expect(entries.map((e) => [e.action, e.organizationId, e.subjectId])).toEqual([
      ['support_grant.created', fm, String(grant.id)],
      ['support_grant.revoked', fm, String(grant.id)],
    ]);
  });

  it('a grant to one person opens the organization to that person only, until it expires', async () => {
    const techUser = await userByEmail(t.database, 'technician@example.com');
    const created = await api('POST', fmAdmin, `organizations/${fm}/support-grants`, {
      grantee_user_id: techUser.id,
      expires_at: new Date(t.clock.now.getTime() + 2 * HOUR).toISOString(),
      reason: 'Commissioning',
    });
    expect(created.status).toBe(201);
    expect((await seesFreshMart(tech)).direct).toEqual([200, 200, 200, 200]);
    expect(await seesFreshMart(admin)).toEqual(HIDDEN);

    advance(t.clock, 3 * HOUR);
    tech = await login(t.app, 'technician@example.com');
    admin = await login(t.app, 'admin@example.com');
    expect(await seesFreshMart(tech)).toEqual(HIDDEN);
    const listed = await api('GET', fmAdmin, `organizations/${fm}/support-grants`);
    const id = (created.body.data as unknown as { id: number }).id;
    expect((listed.body.data as unknown as { id: number; state: string }[]).find((g) => g.id === id)?.state).toBe(
      'expired',
    );
  });

  it('never shuts other organizations out, grants or not', async () => {
    await api('POST', fmAdmin, `organizations/${fm}/support-grants`, {
      grantee_organization_id: polar,
      expires_at: inDays(1),
      reason: 'Audit',
    });
    await setSupportAccess(fmAdmin, fm, 'never');
    expect(await seesFreshMart(admin)).toEqual(HIDDEN);
    await setSupportAccess(fmAdmin, fm, 'grant');
    expect((await seesFreshMart(admin)).direct).toEqual([200, 200, 200, 200]);
    await endGrants();
    expect(await seesFreshMart(admin)).toEqual(HIDDEN);
  });

  it('impersonating someone of the organization needs a covering grant and a reason', async () => {
    const viewer = await userByEmail(t.database, 'viewer@example.com');
    const impersonate = (body: Record<string, unknown>) => api('POST', admin, 'auth/impersonate', body);
    const refused = await impersonate({ user_id: viewer.id, reason: 'Checking the dashboard' });
    expect([refused.status, (refused.body.error as unknown as { code: string }).code]).toEqual([
      403,
      'support_grant_required',
    ]);

    const created = await api('POST', fmAdmin, `organizations/${fm}/support-grants`, {
      grantee_organization_id: polar,
      expires_at: inDays(1),
      reason: 'Dashboard question',
    });
    const grantId = (created.body.data as unknown as { id: number }).id;
    const noReason = await impersonate({ user_id: viewer.id });
    expect([noReason.status, (noReason.body.error as unknown as { code: string }).code]).toEqual([
      403,
      'support_grant_required',
    ]);

    const [last] = await t.database.db.select({ id: max(auditLog.id) }).from(auditLog);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: { authorization: `Bearer ${admin}` },
      payload: { user_id: viewer.id, reason: 'Dashboard question' },
    });
    expect(res.statusCode).toBe(200);
    const asViewer = String(res.headers.authorization).slice(7);
    expect((await api('GET', asViewer, 'auth/user')).status).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, last?.id ?? 0), eq(auditLog.action, 'auth.impersonate')));
    expect(entry).toMatchObject({
      organizationId: fm,
      subjectId: String(viewer.id),
      after: { support_grant_id: grantId, reason: 'Dashboard question' },
    });

    // Ending the grant ends the impersonation with it.
    await api('DELETE', fmAdmin, `support-grants/${grantId}`);
    expect((await api('GET', asViewer, 'auth/user')).status).toBe(401);

    await setSupportAccess(fmAdmin, fm, 'never');
    const never = await impersonate({ user_id: viewer.id, reason: 'Anything' });
    expect([never.status, (never.body.error as unknown as { code: string }).code]).toEqual([
      403,
      'support_grant_required',
    ]);
    await setSupportAccess(fmAdmin, fm, 'grant');
  });

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
