import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, organizations, roles } from '../../db/schema.ts';
import { sessions } from '../../db/schema-auth.ts';
import { createTestApp, login } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';
import {
  adminRoleId,
  CONSOLE,
  connectionBody,
  fmAdmin,
  fmAdminId,
  freshMartId,
  idp,
  inject,
  ssoSignIn,
  t,
  userByEmail,
  useSsoApp,
  viewerRoleId,
  vvAdmin,
} from '../../test/sso.ts';

useSsoApp();

let connectionId: number;

describe('SSO connections', () => {
  it('an organization’s administrator creates one; the secret is written, never read back', async () => {
    const res = await inject('POST', `/api/organizations/${freshMartId}/sso-connections`, fmAdmin, connectionBody());
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    connectionId = data.id;
    expect(data).toMatchObject({
      organization_id: freshMartId,
      client_secret_set: true,
      email_domains: ['freshmart.test'],
      redirect_uri: `${CONSOLE}/api/auth/sso/callback`,
    });
    expect(JSON.stringify(res.json())).not.toContain(idp.clientSecret);
    const list = await inject('GET', `/api/organizations/${freshMartId}/sso-connections`, fmAdmin);
    expect(list.json().data.map((c: { id: number }) => c.id)).toEqual([connectionId]);
    expect(JSON.stringify(list.json())).not.toContain(idp.clientSecret);
    // A change without the secret keeps it.
    const patched = await inject('PATCH', `/api/sso-connections/${connectionId}`, fmAdmin, { name: 'FreshMart IdP' });
    expect(patched.json().data).toMatchObject({ name: 'FreshMart IdP', client_secret_set: true });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'sso_connection.update'))
      .orderBy(desc(auditLog.id));
    expect(JSON.stringify(entry)).not.toContain(idp.clientSecret);
  });

  it('another organization’s administrator neither sees nor changes it; one without the permission is refused', async () => {
    expect((await inject('GET', `/api/organizations/${freshMartId}/sso-connections`, vvAdmin)).statusCode).toBe(404);
    expect(
      (await inject('POST', `/api/organizations/${freshMartId}/sso-connections`, vvAdmin, connectionBody())).statusCode,
    ).toBe(404);
    expect((await inject('PATCH', `/api/sso-connections/${connectionId}`, vvAdmin, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await inject('DELETE', `/api/sso-connections/${connectionId}`, vvAdmin)).statusCode).toBe(404);
    const manager = await login(t.app, 'manager@example.com');
    const res = await inject('GET', `/api/organizations/${freshMartId}/sso-connections`, manager);
    expect([res.statusCode, res.json().error.code]).toEqual([403, 'forbidden']);
  });

  it('refuses a taken domain, a role the caller cannot give, another organization’s location or person', async () => {
    const body = connectionBody();
    const vvOrg = (
      await t.database.db.select().from(organizations).where(eq(organizations.name, 'Valle Verde Supermercados'))
    )[0];
    const taken = await inject('POST', `/api/organizations/${vvOrg?.id}/sso-connections`, vvAdmin, body);
    expect([taken.statusCode, taken.json().error.details.fields[0].field]).toEqual([409, 'email_domains.0']);
    const cases: [object, string][] = [
      [{ role_mappings: [{ group: 'x', role_id: adminRoleId, location_ids: null }] }, 'role_mappings.0.role_id'],
      [{ jit: { enabled: true, role_id: 999_999, location_ids: null } }, 'jit.role_id'],
      [{ jit: { enabled: true, role_id: viewerRoleId, location_ids: [999_999] } }, 'jit.location_ids'],
      [{ break_glass_user_ids: [1] }, 'break_glass_user_ids'],
    ];
    for (const [patch, field] of cases) {
      const res = await inject('PATCH', `/api/sso-connections/${connectionId}`, fmAdmin, patch);
      expect([res.statusCode, res.json().error.details.fields[0].field]).toEqual([422, field]);
    }
  });

  it('refuses an http issuer unless SSO_ALLOW_INSECURE is set', async () => {
    const strict = await createTestApp({ PUBLIC_URL: CONSOLE });
    try {
      const token = await login(strict.app, 'admin@example.com');
      const res = await strict.app.inject({
        method: 'POST',
        url: `/api/organizations/${freshMartId}/sso-connections`,
        headers: headers(token, 'es-MX'),
        payload: { ...connectionBody(), role_mappings: [] },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.details.fields).toEqual([
        { field: 'issuer', message: 'El emisor debe ser una dirección https.' },
      ]);
    } finally {
      await strict.close();
    }
  });
});

describe('SSO required', () => {
  it('refuses password sign-in to the organization’s people, break-glass accounts excepted', async () => {
    const res = await inject('PATCH', `/api/sso-connections/${connectionId}`, fmAdmin, {
      require_sso: true,
      break_glass_user_ids: [fmAdminId],
    });
    expect(res.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-locale': 'es-MX' },
      payload: { email: 'viewer@example.com', password: 'demo1234' },
    });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'sso_required']);
    expect(refused.json().error.message).toContain('inicio de sesión único');
    // A wrong password still answers as for anyone: nothing tells the address uses SSO.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'viewer@example.com', password: 'wrong' },
    });
    expect(wrong.statusCode).toBe(422);
    await login(t.app, 'fm-admin@example.com');
    // Another organization's people are not affected.
    await login(t.app, 'technician@example.com');
    const discovered = await t.app.inject({ url: '/api/auth/sso/discover?email=x@freshmart.test' });
    expect(discovered.json().data.require_sso).toBe(true);
    await inject('PATCH', `/api/sso-connections/${connectionId}`, fmAdmin, {
      require_sso: false,
      break_glass_user_ids: [],
    });
  });
});

describe('removing', () => {
  it('a role a connection gives cannot be deleted', async () => {
    const admin = await login(t.app, 'admin@example.com');
    const [role] = await t.database.db
      .insert(roles)
      .values({ name: 'SSO only', color: '#334155', permissions: ['alarms_view'] })
      .returning();
    await inject('PATCH', `/api/sso-connections/${connectionId}`, fmAdmin, {
      role_mappings: [...connectionBody().role_mappings, { group: 'sso-only', role_id: role?.id, location_ids: null }],
    });
    const res = await inject('DELETE', `/api/settings/roles/${role?.id}`, admin);
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'in_use']);
    await inject('PATCH', `/api/sso-connections/${connectionId}`, fmAdmin, {
      role_mappings: connectionBody().role_mappings,
    });
  });

  it('deleting the connection ends the sessions of the people who signed in through it', async () => {
    const { token } = await ssoSignIn(connectionId, 'alice');
    expect((await inject('DELETE', `/api/sso-connections/${connectionId}`, fmAdmin)).statusCode).toBe(204);
    expect((await inject('GET', '/api/auth/user', token)).statusCode).toBe(401);
    const alice = await userByEmail('alice@freshmart.test');
    const live = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, alice?.id ?? 0)));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const list = await inject('GET', `/api/organizations/${freshMartId}/sso-connections`, fmAdmin);
    expect(list.json().data).toEqual([]);
  });
});
