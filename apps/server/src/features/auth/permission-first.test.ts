import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';
import { apiOperations, hasBody, PUBLIC_OPERATIONS } from '../../test/operations.ts';

let t: TestApp;
let nobody: string;
beforeAll(async () => {
  t = await createTestApp();
  await addUser(t.database.db, { from: 'viewer@example.com', email: 'no-permissions@example.com', permissions: [] });
  nobody = await login(t.app, 'no-permissions@example.com');
});
afterAll(async () => {
  await t?.close();
});

/** Operations for every signed-in user, whatever their role holds (not called: logout would end the session). */
const ANY_USER = new Set([
  'GET /api/auth/user',
  'GET /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/auth/unimpersonate',
  'POST /api/auth/reauth',
  'POST /api/auth/reauth/passkey/options',
  'GET /api/account/sessions',
  'DELETE /api/account/sessions/{id}',
  'POST /api/account/sessions/revoke-others',
  'PATCH /api/account',
  'GET /api/account/mfa',
  'POST /api/account/mfa/totp',
  'POST /api/account/mfa/totp/{id}/verify',
  'POST /api/account/mfa/recovery-codes',
  'POST /api/account/mfa/webauthn/options',
  'POST /api/account/mfa/webauthn',
  'DELETE /api/account/mfa/{id}',
  'GET /api/account/notifications',
  'PUT /api/account/notifications',
  'GET /api/account/channels',
  'GET /api/account/contact-methods',
  'POST /api/account/contact-methods',
  'POST /api/account/contact-methods/{id}/verify',
  'POST /api/account/contact-methods/{id}/resend',
  'DELETE /api/account/contact-methods/{id}',
  'GET /api/account/notification-rules',
  'PUT /api/account/notification-rules',
  'GET /api/push/public-key',
  'GET /api/account/push-subscriptions',
  'POST /api/account/push-subscriptions',
  'DELETE /api/account/push-subscriptions',
  'DELETE /api/account/push-subscriptions/{id}',
  'GET /api/refrigerants',
]);

describe('permission before validation', () => {
  it('every operation answers 403 to a signed-in user without its permission, whatever the request holds', async () => {
    const checked: string[] = [];
    const answered: string[] = [];
    for (const op of await apiOperations(t.app)) {
      if (PUBLIC_OPERATIONS.has(op.name) || ANY_USER.has(op.name)) continue;
      // Parameters that fail their schema, and a body that fails any schema.
      const res = await t.app.inject({
        method: op.method,
        url: `${op.path.replace(/\{[^}]+\}/g, 'not-a-valid-id')}?page=-1&per_page=nope&from=never`,
        headers: headers(nobody),
        ...(hasBody(op.method) ? { payload: { unexpected: ['x'] } } : {}),
      });
      const code = res.json().error?.code;
      if (res.statusCode !== 403 || code !== 'forbidden') answered.push(`${op.name} ${res.statusCode} ${code}`);
      checked.push(op.name);
    }
    expect(answered).toEqual([]);
    expect(checked.length).toBeGreaterThan(100);
    // A viewer's malformed user creation among them (it answered field errors).
    expect(checked).toContain('POST /api/settings/users');
  });

  it('answers 403, not field errors, to the demo viewer’s malformed changes', async () => {
    const viewer = await login(t.app, 'viewer@example.com');
    for (const [method, url] of [
      ['POST', '/api/settings/users'],
      ['POST', '/api/organizations'],
      ['POST', '/api/admin/backups'],
      ['POST', '/api/maintenance-windows'],
      ['PATCH', '/api/controllers/1'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: headers(viewer),
        payload: { name: 7, unexpected: ['x'] },
      });
      expect([method, url, res.statusCode, res.json().error?.code]).toEqual([method, url, 403, 'forbidden']);
    }
  });
});
