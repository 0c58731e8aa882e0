import { and, eq, gt, max } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, roles, users } from '../../db/schema.ts';
import { apiTokens } from '../../db/schema-auth.ts';
import { seedAlarms } from '../../test/alarms.ts';
import {
  CREATOR_PERMISSIONS,
  creator,
  creatorId,
  creatorRoleId,
  freshMart,
  inject,
  outsider,
  t,
  tokenNaming,
  useApiTokensApp,
  valleVerde,
} from '../../test/api-tokens.ts';
import { login } from '../../test/app.ts';
import { advance, DAY } from '../../test/helpers.ts';
import { apiOperations, PUBLIC_OPERATIONS } from '../../test/operations.ts';

useApiTokensApp();

describe('a token at use', () => {
  it('never does more than it names: every read answers as it does a person holding only that permission', async () => {
    const { token } = await tokenNaming(['alarms_view']);
    const person = await login(t.app, 'alarms-only@example.com');
    const differences: string[] = [];
    let compared = 0;
    for (const op of await apiOperations(t.app)) {
      if (op.method !== 'GET' || op.path.includes('{') || PUBLIC_OPERATIONS.has(op.name)) continue;
      const url = op.path;
      const [asToken, asPerson] = await Promise.all([inject('GET', url, token), inject('GET', url, person)]);
      compared++;
      const personOnly = url.startsWith('/api/account') || (url.startsWith('/api/auth/') && url !== '/api/auth/user');
      if (personOnly) {
        if (asToken.statusCode !== 403 || asToken.json().error.code !== 'token_not_allowed')
          differences.push(`${op.name}: token ${asToken.statusCode}`);
      } else if (asToken.statusCode !== asPerson.statusCode) {
        differences.push(`${op.name}: token ${asToken.statusCode}, person ${asPerson.statusCode}`);
      }
    }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(40);
    expect((await inject('GET', '/api/alarms', token)).statusCode).toBe(200);
  });

  it('cannot impersonate, manage tokens, re-authenticate, change the account or sign', async () => {
    const { token } = await tokenNaming(['settings_view', 'settings_update', 'reports_view', 'haccp_sign']);
    const viewer = (await t.database.db.select().from(users).where(eq(users.email, 'viewer@example.com')))[0];
    const cases: [string, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, object | undefined, number, string][] = [
      ['impersonate', 'POST', '/api/auth/impersonate', { user_id: viewer?.id }, 403, 'token_not_allowed'],
      ['list tokens', 'GET', '/api/settings/api-tokens', undefined, 403, 'token_not_allowed'],
      ['create a token', 'POST', '/api/settings/api-tokens', { name: 'x' }, 403, 'token_not_allowed'],
      ['revoke a token', 'DELETE', '/api/settings/api-tokens/1', undefined, 403, 'token_not_allowed'],
      ['re-authenticate', 'POST', '/api/auth/reauth', { password: 'demo1234' }, 403, 'token_not_allowed'],
      ['change the account', 'PATCH', '/api/account', { name: 'x' }, 403, 'token_not_allowed'],
      ['sign', 'POST', '/api/reports/haccp/sign-offs', {}, 403, 'token_cannot_sign'],
      ['add a factor', 'POST', '/api/account/mfa/totp', {}, 403, 'token_not_allowed'],
      ['remove a factor', 'DELETE', '/api/account/mfa/1', undefined, 403, 'token_not_allowed'],
      [
        'read a security policy',
        'GET',
        `/api/organizations/${viewer?.organizationId}/security-policy`,
        undefined,
        403,
        'token_not_allowed',
      ],
      [
        'change a security policy',
        'PUT',
        `/api/organizations/${viewer?.organizationId}/security-policy`,
        {},
        403,
        'token_not_allowed',
      ],
      ['list SSO connections', 'GET', '/api/organizations/1/sso-connections', undefined, 403, 'token_not_allowed'],
      [
        'add an SSO connection',
        'POST',
        '/api/organizations/1/sso-connections',
        { name: 'x' },
        403,
        'token_not_allowed',
      ],
      ['change an SSO connection', 'PATCH', '/api/sso-connections/1', { name: 'x' }, 403, 'token_not_allowed'],
      ['delete an SSO connection', 'DELETE', '/api/sso-connections/1', undefined, 403, 'token_not_allowed'],
    ];
    for (const [name, method, url, payload, status, code] of cases) {
      const res = await inject(method, url, token, payload);
      expect([name, res.statusCode, res.json().error?.code]).toEqual([name, status, code]);
    }
    // What it names it may do: read its creator's identity and the settings.
    expect((await inject('GET', '/api/auth/user', token)).json().data).toMatchObject({
      id: creatorId,
      impersonating: false,
    });
    expect((await inject('GET', '/api/settings/users', token)).statusCode).toBe(200);
  });

  it('names itself in the audit entries of what it changes', async () => {
    const { token, data } = await tokenNaming(['settings_view', 'settings_update']);
    const res = await inject('POST', '/api/settings/teams', token, { name: 'Night crew', organization_id: freshMart });
    expect(res.statusCode, res.body).toBe(201);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'team'), eq(auditLog.subjectId, String(res.json().data.id))));
    expect(entry).toMatchObject({ actorUserId: creatorId, apiTokenId: data.id });
    const log = await inject('GET', '/api/audit-log?action=team.create', creator);
    expect(log.json().data[0]).toMatchObject({
      actor: { id: creatorId },
      api_token: { id: data.id, name: 'BMS reader' },
    });
  });

  it('of another organization gets nothing of FreshMart', async () => {
    const vv = await tokenNaming(['alarms_view', 'settings_view', 'settings_update'], outsider, valleVerde);
    const fm = await tokenNaming(['alarms_view']);
    // One alarm at FreshMart #101 (demo controller 0), one at Valle Verde Centro (5).
    const [fmAlarm, vvAlarm] = await seedAlarms(t.database.db, [{ controller: 0 }, { controller: 5 }]);
    const refsOf = async (token: string) =>
      (await inject('GET', '/api/alarms?per_page=100', token)).json().data.map((a: { ref: number }) => a.ref);
    expect(await refsOf(vv.token)).toEqual([vvAlarm?.ref]);
    expect(await refsOf(fm.token)).toContain(fmAlarm?.ref);
    expect((await inject('GET', `/api/alarms/${fmAlarm?.ref}`, vv.token)).statusCode).toBe(404);
    // FreshMart's tokens are neither listed to nor revocable by Valle Verde's settings editor.
    const list = (await inject('GET', '/api/settings/api-tokens?per_page=100', outsider)).json();
    expect(list.data.map((x: { id: number }) => x.id)).not.toContain(fm.data.id);
    expect(list.data.map((x: { id: number }) => x.id)).toContain(vv.data.id);
    expect((await inject('DELETE', `/api/settings/api-tokens/${fm.data.id}`, outsider)).statusCode).toBe(404);
    expect((await inject('GET', '/api/alarms', fm.token)).statusCode).toBe(200);
    // Valle Verde's token sees only its own organization's users.
    const people = (await inject('GET', '/api/settings/users?per_page=100', vv.token)).json();
    expect(new Set(people.data.map((u: { organisation: { id: number } }) => u.organisation.id))).toEqual(
      new Set([valleVerde]),
    );
  });

  it('loses what its creator loses, and stops while the creator is disabled', async () => {
    const { token } = await tokenNaming(['alarms_view', 'controllers_view']);
    expect((await inject('GET', '/api/controllers', token)).statusCode).toBe(200);
    const db = t.database.db;
    await db
      .update(roles)
      .set({ permissions: CREATOR_PERMISSIONS.filter((p) => p !== 'controllers_view') })
      .where(eq(roles.id, creatorRoleId));
    expect((await inject('GET', '/api/controllers', token)).statusCode).toBe(403);
    expect((await inject('GET', '/api/alarms', token)).statusCode).toBe(200);
    await db.update(roles).set({ permissions: CREATOR_PERMISSIONS }).where(eq(roles.id, creatorRoleId));
    await db.update(users).set({ disabled: true }).where(eq(users.id, creatorId));
    expect((await inject('GET', '/api/alarms', token)).statusCode).toBe(401);
    await db.update(users).set({ disabled: false }).where(eq(users.id, creatorId));
  });

  it('is 401 once revoked or expired, and records its last use to the minute', async () => {
    const a = await tokenNaming(['alarms_view']);
    const lastUsed = async () =>
      (await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, a.data.id)))[0]?.lastUsedAt?.getTime();
    expect((await inject('GET', '/api/alarms', a.token)).statusCode).toBe(200);
    const first = await lastUsed();
    expect(first).toBe(t.clock.now.getTime());
    advance(t.clock, 30_000);
    await inject('GET', '/api/alarms', a.token);
    expect(await lastUsed()).toBe(first);
    advance(t.clock, 31_000);
    await inject('GET', '/api/alarms', a.token);
    expect(await lastUsed()).toBe(t.clock.now.getTime());
    const [mark] = await t.database.db.select({ id: max(auditLog.id) }).from(auditLog);
    expect((await inject('DELETE', `/api/settings/api-tokens/${a.data.id}`, creator)).statusCode).toBe(204);
    const res = await inject('GET', '/api/alarms', a.token);
    expect([res.statusCode, res.json().error.code]).toEqual([401, 'unauthenticated']);
    const [revoked] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, mark?.id ?? 0), eq(auditLog.action, 'token.revoked')));
    expect(revoked).toMatchObject({ subjectId: String(a.data.id), actorUserId: creatorId });
    expect((await inject('DELETE', `/api/settings/api-tokens/${a.data.id}`, creator)).statusCode).toBe(404);

    const b = await tokenNaming(['alarms_view']);
    advance(t.clock, 30 * DAY + 1);
    expect((await inject('GET', '/api/alarms', b.token)).statusCode).toBe(401);
  });
});
