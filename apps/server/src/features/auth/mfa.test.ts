import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { mfaFactors } from '../../db/schema-factors.ts';
import { addUser } from '../../test/alarms.ts';
import { login } from '../../test/app.ts';
import { call, codeAt, enrollTotp, passwordStep, reauth, t, tick, useMfaApp } from '../../test/mfa.ts';
import { totpStep } from './totp.ts';

/** RFC 6238 appendix B's SHA-1 key ("12345678901234567890"), base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (RFC 6238)', () => {
  it('accepts the RFC’s SHA-1 test vectors as six digits, one step either side, and no step twice', () => {
    // 94287082 at T=59 s and 07081804 at T=1111111109 s: their last six digits.
    expect(totpStep(RFC_SECRET, '287082', new Date(59_000), null)).toBe(1);
    expect(totpStep(RFC_SECRET, '081804', new Date(1_111_111_109_000), null)).toBe(37_037_036);
    // One step late and one early still pass; two do not.
    expect(totpStep(RFC_SECRET, '081804', new Date(1_111_111_109_000 + 30_000), null)).toBe(37_037_036);
    expect(totpStep(RFC_SECRET, '081804', new Date(1_111_111_109_000 - 30_000), null)).toBe(37_037_036);
    expect(totpStep(RFC_SECRET, '081804', new Date(1_111_111_109_000 + 60_000), null)).toBeNull();
    // A step already used, or older than the last used one, is refused.
    expect(totpStep(RFC_SECRET, '081804', new Date(1_111_111_109_000), 37_037_036)).toBeNull();
    expect(totpStep(RFC_SECRET, '081804', new Date(1_111_111_109_000), 37_037_037)).toBeNull();
    expect(totpStep(RFC_SECRET, '000000', new Date(1_111_111_109_000), null)).toBeNull();
  });
});

useMfaApp();

describe('second factors', () => {
  let token: string;
  let secret: string;
  let codes: string[];
  let factorId: number;

  beforeAll(async () => {
    await addUser(t.database.db, {
      from: 'manager@example.com',
      email: 'totp@example.com',
      permissions: ['alarms_view'],
    });
    token = await login(t.app, 'totp@example.com');
  });

  it('enrolls TOTP behind a fresh re-authentication and answers ten recovery codes with the first factor', async () => {
    const status = await call('GET', '/api/account/mfa', token);
    expect(status.json().data).toEqual({
      factors: [],
      recovery_codes_left: 0,
      required: false,
      allowed_methods: ['totp', 'webauthn'],
    });
    // Without a proof, or with a used one: 401 reauth_required.
    const without = await call('POST', '/api/account/mfa/totp', token, {});
    expect([without.statusCode, without.json().error.code]).toEqual([401, 'reauth_required']);
    const enrolled = await enrollTotp(token);
    ({ secret, codes, factorId } = enrolled);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const after = (await call('GET', '/api/account/mfa', token)).json().data;
    expect(after.factors.map((f: { id: number; kind: string }) => [f.id, f.kind])).toEqual([[factorId, 'totp']]);
    expect(after.recovery_codes_left).toBe(10);
    const [row] = await t.database.db.select().from(mfaFactors).where(eq(mfaFactors.id, factorId));
    expect(row?.verifiedAt).not.toBeNull();
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.mfa_enrolled'), eq(auditLog.subjectId, String(row?.userId))));
    expect(entry?.after).toMatchObject({ factor_id: factorId, kind: 'totp' });
  });

  it('asks for the second factor at sign-in, takes the code once, and a step either side', async () => {
    // Two steps after the enrollment's code: the step before now is one not used yet.
    tick(60_000);
    const first = (await passwordStep('totp@example.com')).json().data;
    expect(first).toMatchObject({ mfa_required: true, methods: ['totp', 'recovery_code'] });
    expect(first.mfa_token).toEqual(expect.any(String));
    // The password alone opened no session.
    const code = codeAt(secret, -1);
    const ok = await call('POST', '/api/auth/login/mfa', null, { mfa_token: first.mfa_token, method: 'totp', code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.email).toBe('totp@example.com');
    expect(String(ok.headers.authorization)).toMatch(/^Bearer /);
    // The same code again (a replay) is refused, and so is the used mfa_token.
    const again = (await passwordStep('totp@example.com')).json().data;
    const replay = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token: again.mfa_token,
      method: 'totp',
      code,
    });
    expect([replay.statusCode, replay.json().error.details?.fields?.[0]?.field]).toEqual([422, 'code']);
    const used = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token: first.mfa_token,
      method: 'totp',
      code: codeAt(secret, 1),
    });
    expect([used.statusCode, used.json().error.code]).toEqual([401, 'mfa_token_invalid']);
    // One step ahead (a phone's clock a little fast) is accepted.
    const ahead = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token: again.mfa_token,
      method: 'totp',
      code: codeAt(secret, 1),
    });
    expect(ahead.statusCode, ahead.body).toBe(200);
    const challenges = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.mfa_challenge'));
    expect(challenges.map((c) => (c.after as { result: string }).result)).toEqual(['passed', 'failed', 'passed']);
  });

  it('takes a recovery code once', async () => {
    const step = (await passwordStep('totp@example.com')).json().data;
    const recovery = codes[0] as string;
    const ok = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token: step.mfa_token,
      method: 'recovery_code',
      code: recovery.toLowerCase(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = (await passwordStep('totp@example.com')).json().data;
    const reused = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token: again.mfa_token,
      method: 'recovery_code',
      code: recovery,
    });
    expect(reused.statusCode).toBe(422);
    expect((await call('GET', '/api/account/mfa', token)).json().data.recovery_codes_left).toBe(9);
  });

  it('ends the mfa_token after five minutes and after ten tries', async () => {
    const late = (await passwordStep('totp@example.com')).json().data;
    tick(5 * 60_000 + 1_000);
    const expired = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token: late.mfa_token,
      method: 'totp',
      code: codeAt(secret),
    });
    expect([expired.statusCode, expired.json().error.code]).toEqual([401, 'mfa_token_invalid']);
    const tried = (await passwordStep('totp@example.com')).json().data;
    for (let i = 0; i < 10; i++) {
      const wrong = await call('POST', '/api/auth/login/mfa', null, {
        mfa_token: tried.mfa_token,
        method: 'totp',
        code: '000000',
      });
      expect(wrong.statusCode).toBe(422);
    }
    const eleventh = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token: tried.mfa_token,
      method: 'totp',
      code: codeAt(secret),
    });
    expect([eleventh.statusCode, eleventh.json().error.code]).toEqual([401, 'mfa_token_invalid']);
  });

  it('re-authenticates with a code, regenerates recovery codes, and removing the factor ends the other sessions', async () => {
    tick(30_000);
    const other = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token: (await passwordStep('totp@example.com')).json().data.mfa_token,
      method: 'totp',
      code: codeAt(secret),
    });
    const otherToken = String(other.headers.authorization).replace(/^Bearer /, '');
    tick(30_000);
    const byCode = await reauth(token, { code: codeAt(secret) });
    const fresh = await call('POST', '/api/account/mfa/recovery-codes', token, { reauth_token: byCode });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const newCodes = fresh.json().data.recovery_codes as string[];
    expect(newCodes).toHaveLength(10);
    // The old set stopped working.
    const step = (await passwordStep('totp@example.com')).json().data;
    const old = await call('POST', '/api/auth/login/mfa', null, {
      mfa_token: step.mfa_token,
      method: 'recovery_code',
      code: codes[1],
    });
    expect(old.statusCode).toBe(422);
    // A wrong code re-authenticates nobody.
    const wrong = await call('POST', '/api/auth/reauth', token, { code: '000000' });
    expect(wrong.statusCode).toBe(422);

    const noProof = await call('DELETE', `/api/account/mfa/${factorId}`, token, {});
    expect([noProof.statusCode, noProof.json().error.code]).toEqual([401, 'reauth_required']);
    const removed = await call('DELETE', `/api/account/mfa/${factorId}`, token, {
      reauth_token: await reauth(token, { code: newCodes[0] }),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await call('GET', '/api/auth/user', otherToken)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/user', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/account/mfa', token)).json().data).toMatchObject({
      factors: [],
      recovery_codes_left: 0,
    });
    // Back to the password alone.
    expect((await passwordStep('totp@example.com')).json().data.email).toBe('totp@example.com');
    // A code is no proof for an account without a factor.
    expect((await call('POST', '/api/auth/reauth', token, { code: '123456' })).statusCode).toBe(422);
  });
});
