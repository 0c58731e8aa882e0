import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { apiTokens } from '../../db/schema-auth.ts';
import { EN_US } from '../../lib/messages-en.ts';
import {
  createToken,
  creator,
  creatorId,
  freshMart,
  inAMonth,
  inject,
  reauth,
  t,
  tokenNaming,
  useApiTokensApp,
  valleVerde,
} from '../../test/api-tokens.ts';
import { login } from '../../test/app.ts';
import { advance, DAY } from '../../test/helpers.ts';
import { hashToken } from './tokens.ts';

useApiTokensApp();

describe('re-authentication', () => {
  it('answers a single-use proof for the right password, a field error otherwise', async () => {
    const ok = await reauth(creator);
    expect(ok.status).toBe(200);
    expect(ok.body.data.reauth_token).toEqual(expect.any(String));
    expect(new Date(ok.body.data.expires_at).getTime() - t.clock.now.getTime()).toBe(2 * 60_000);
    const wrong = await reauth(creator, 'not-the-password');
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.details.fields).toEqual([{ field: 'password', message: EN_US.fields.wrong_password }]);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.reauth'), eq(auditLog.actorUserId, creatorId)));
    expect(entry).toMatchObject({ subjectType: 'user', subjectId: String(creatorId) });
  });

  it('creating a token needs a proof that is present, unused, of this session and under 2 minutes old', async () => {
    const body = {
      name: 'x',
      organization_id: freshMart,
      permissions: ['alarms_view'],
      location_ids: null,
      expires_at: inAMonth(),
    };
    const post = (reauthToken: string | undefined, session = creator) =>
      inject('POST', '/api/settings/api-tokens', session, { ...body, reauth_token: reauthToken });
    const refused = async (res: Awaited<ReturnType<typeof post>>) => {
      expect([res.statusCode, res.json().error.code]).toEqual([401, 'reauth_required']);
    };
    await refused(await post(undefined));
    await refused(await post('made-up'));
    const proof = (await reauth(creator)).body.data.reauth_token;
    // Another session of the same person cannot use it.
    await refused(await post(proof, await login(t.app, 'creator@example.com')));
    expect((await post(proof)).statusCode).toBe(201);
    await refused(await post(proof));
    const old = (await reauth(creator)).body.data.reauth_token;
    advance(t.clock, 2 * 60_000 + 1);
    await refused(await post(old));
    // Still signed in: the refusal is about the proof, not the session.
    expect((await inject('GET', '/api/auth/user', creator)).statusCode).toBe(200);
  });
});

describe('creating a token', () => {
  it('answers the rcm_ token once, keeps only its hash, and lists it without the token', async () => {
    const created = await tokenNaming(['alarms_view']);
    expect(created.token).toMatch(/^rcm_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.data.id));
    expect(row?.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(4));
    const list = await inject('GET', '/api/settings/api-tokens?per_page=100', creator);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token.slice(4));
    expect(list.json().data.find((x: { id: number }) => x.id === created.data.id)).toMatchObject({
      name: 'BMS reader',
      permissions: ['alarms_view'],
      organization: { id: freshMart, name: 'FreshMart Foods' },
      created_by: { id: creatorId, name: 'creator@example.com' },
      last_used_at: null,
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'token.created'), eq(auditLog.subjectId, String(created.data.id))));
    expect(entry).toMatchObject({ actorUserId: creatorId, organizationId: freshMart, subjectType: 'api_token' });
  });

  it('refuses what the creator does not hold, what no token carries, and a life over a year, changing nothing', async () => {
    const before = (await t.database.db.select().from(apiTokens)).length;
    const fieldOf = async (body: Record<string, unknown>) => {
      const res = await createToken(creator, body);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().error.details.fields[0];
    };
    expect(await fieldOf({ permissions: ['controllers_edit'] })).toEqual({
      field: 'permissions',
      message: EN_US.fields.permission_not_grantable,
    });
    expect(await fieldOf({ permissions: ['users_impersonate'] })).toEqual({
      field: 'permissions',
      message: EN_US.fields.permission_not_for_tokens,
    });
    const tooFar = new Date(t.clock.now.getTime() + 366 * DAY).toISOString();
    expect(await fieldOf({ permissions: ['alarms_view'], expires_at: tooFar })).toEqual({
      field: 'expires_at',
      message: EN_US.fields.expiry_too_far,
    });
    const past = new Date(t.clock.now.getTime() - 1000).toISOString();
    expect(await fieldOf({ permissions: ['alarms_view'], expires_at: past })).toEqual({
      field: 'expires_at',
      message: EN_US.fields.expiry_past,
    });
    expect(await fieldOf({ permissions: ['alarms_view'], organization_id: valleVerde })).toEqual({
      field: 'organization_id',
      message: EN_US.fields.organization_not_allowed,
    });
    expect(await fieldOf({ permissions: ['alarms_view'], organization_id: null })).toEqual({
      field: 'organization_id',
      message: EN_US.fields.organization_not_allowed,
    });
    expect(await fieldOf({ permissions: ['alarms_view'], location_ids: [999_999] })).toMatchObject({
      field: 'location_ids',
    });
    const missing = await createToken(creator, { permissions: [], expires_at: undefined });
    expect(missing.statusCode).toBe(422);
    expect((await t.database.db.select().from(apiTokens)).length).toBe(before);
  });
});
