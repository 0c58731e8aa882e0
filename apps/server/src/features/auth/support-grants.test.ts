import { and, eq, gt, inArray, max } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { login } from '../../test/app.ts';
import { advance, HOUR, userByEmail } from '../../test/helpers.ts';
import {
  api,
  endGrants,
  fm,
  fmAdmin,
  HIDDEN,
  inDays,
  polar,
  seesFreshMart,
  setSupportAccess,
  t,
  useSupportGrantsApp,
  vv,
  vvAdmin,
} from '../../test/support-grants.ts';

useSupportGrantsApp();

/** The service company's administrator and technician, signed in again by a test after the clock moves. */
let admin: string;
let tech: string;

beforeAll(async () => {
  admin = await login(t.app, 'admin@example.com');
  tech = await login(t.app, 'technician@example.com');
});

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
});
