import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { addOutsider } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { type ApiCallArgs, headers, injectAs } from '../../test/helpers.ts';
import { startTestTwilio } from '../../test/twilio.ts';

let t: TestApp;
let twilio: Awaited<ReturnType<typeof startTestTwilio>>;
let tech = '';
beforeAll(async () => {
  twilio = await startTestTwilio();
  t = await createTestApp(twilio.env);
  tech = await login(t.app, 'technician@example.com');
});
afterAll(async () => {
  await t?.close();
  await twilio?.close();
});

const call = (method: ApiCallArgs[0], url: string, token: string, payload?: unknown, locale = 'en-US') =>
  injectAs(t.app, method, token, `/api/${url}`, payload as object, locale);

/** The last code the Twilio server was asked to deliver to this number. */
const lastCode = (to: string) => {
  const sent = twilio.requests.filter((r) => r.form.To === to).at(-1);
  const text = sent?.form.Body ?? sent?.form.Twiml ?? '';
  return /(\d) ?(\d) ?(\d) ?(\d) ?(\d) ?(\d)/.exec(text)?.slice(1).join('') ?? '';
};

describe('contact methods', () => {
  it('sends a code by SMS through the Twilio client, verifies it, and lists the number', async () => {
    expect((await call('GET', 'account/channels', tech)).json().data).toEqual({
      email: true,
      push: true,
      sms: true,
      voice: true,
    });
    const added = await call('POST', 'account/contact-methods', tech, { type: 'sms', address: '+1 (312) 555-0100' });
    expect(added.statusCode, added.body).toBe(201);
    const method = added.json().data;
    expect(method).toMatchObject({ type: 'sms', address: '+13125550100', verified: false });
    // What the real client sent: the account's Messages resource, basic auth, the form fields.
    const sent = twilio.requests.at(-1);
    expect(sent).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${twilio.env.TWILIO_ACCOUNT_SID}/Messages.json`,
      user: twilio.env.TWILIO_ACCOUNT_SID,
      password: twilio.env.TWILIO_AUTH_TOKEN,
      form: { To: '+13125550100', From: twilio.env.TWILIO_FROM },
    });
    expect(sent?.userAgent).toMatch(/^twilio-node\//);
    expect(sent?.form.Body).toMatch(/verification code is \d{6}/);

    const code = lastCode('+13125550100');
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await call('POST', `account/contact-methods/${method.id}/verify`, tech, { code: wrong }, 'es-MX');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details.fields).toEqual([{ field: 'code', message: 'Este código no es el que enviamos.' }]);
    const ok = await call('POST', `account/contact-methods/${method.id}/verify`, tech, { code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ verified: true, code_expires_at: null });
    expect((await call('POST', `account/contact-methods/${method.id}/verify`, tech, { code })).statusCode).toBe(409);

    const list = await call('GET', 'account/contact-methods', tech);
    expect(list.json()).toMatchObject({ data: [{ id: method.id, verified: true }], meta: { total: 1 } });
    // The same number twice is a field error; a voice method for it is another method, its code read out in a call.
    const again = await call('POST', 'account/contact-methods', tech, { type: 'sms', address: '+13125550100' });
    expect(again.statusCode).toBe(422);
    const voice = await call('POST', 'account/contact-methods', tech, { type: 'voice', address: '+13125550100' });
    expect(voice.statusCode, voice.body).toBe(201);
    const placed = twilio.requests.at(-1);
    expect(placed?.path).toMatch(/\/Calls\.json$/);
    expect(placed?.form.Twiml).toMatch(/<Say language="en-US">[^<]*\d \d \d \d \d \d/);
  });

  it('refuses a bad number, spends a code after 5 wrong tries, and expires it after 10 minutes', async () => {
    const bad = await call('POST', 'account/contact-methods', tech, { type: 'sms', address: '312-555' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details.fields[0].field).toBe('address');
    twilio.fail.add('+13125550199');
    const rejected = await call('POST', 'account/contact-methods', tech, { type: 'sms', address: '+13125550199' });
    expect(rejected.statusCode).toBe(422);
    expect(rejected.json().error.details.fields).toEqual([
      { field: 'address', message: 'The code could not be sent to this number. Check it and try again.' },
    ]);
    expect(
      (await call('GET', 'account/contact-methods', tech)).json().data.map((m: { address: string }) => m.address),
    ).not.toContain('+13125550199');

    const adding = await call('POST', 'account/contact-methods', tech, { type: 'sms', address: '+13125550101' });
    expect(adding.statusCode, adding.body).toBe(201);
    const added = adding.json().data;
    const code = lastCode('+13125550101');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const r = await call('POST', `account/contact-methods/${added.id}/verify`, tech, { code: wrong });
      expect(r.json().error.details.fields[0].message).toBe('This code is not the one we sent.');
    }
    const fifth = await call('POST', `account/contact-methods/${added.id}/verify`, tech, { code: wrong });
    expect(fifth.json().error.details.fields[0].message).toBe('Too many wrong codes. Send a new one.');
    const spent = await call('POST', `account/contact-methods/${added.id}/verify`, tech, { code });
    expect(spent.statusCode).toBe(422);
    // A new code works again, until 10 minutes have passed.
    expect((await call('POST', `account/contact-methods/${added.id}/resend`, tech)).statusCode).toBe(200);
    const fresh = lastCode('+13125550101');
    t.clock.now = new Date(t.clock.now.getTime() + 10 * 60_000 + 1000);
    const late = await call('POST', `account/contact-methods/${added.id}/verify`, tech, { code: fresh });
    expect(late.json().error.details.fields[0].message).toBe('This code has expired. Send a new one.');
    t.clock.now = new Date();
    expect((await call('DELETE', `account/contact-methods/${added.id}`, tech)).statusCode).toBe(204);
    expect((await call('DELETE', `account/contact-methods/${added.id}`, tech)).statusCode).toBe(404);
  });

  it('keeps each person to their own numbers: another organization’s user gets 404', async () => {
    const mine = (await call('GET', 'account/contact-methods', tech)).json().data[0];
    await addOutsider(t.database.db, 'channels-outsider@example.com');
    const outsider = await login(t.app, 'channels-outsider@example.com');
    expect((await call('DELETE', `account/contact-methods/${mine.id}`, outsider)).statusCode).toBe(404);
    expect(
      (await call('POST', `account/contact-methods/${mine.id}/verify`, outsider, { code: '123456' })).statusCode,
    ).toBe(404);
    expect((await call('GET', 'account/contact-methods', outsider)).json().data).toEqual([]);
    // Nor may they name it in their rules.
    const rules = await call('PUT', 'account/notification-rules', outsider, [
      { method: { contact_method_id: mine.id }, delay_minutes: 0 },
    ]);
    expect(rules.statusCode).toBe(422);
    expect(rules.json().error.details.fields[0].field).toBe('0.method');
  });
});

describe('notification rules', () => {
  it('default to push and email at once; save a chain of methods; a number in use cannot be removed', async () => {
    const manager = await login(t.app, 'manager@example.com');
    expect((await call('GET', 'account/notification-rules', manager)).json().data).toEqual([
      { method: 'push', delay_minutes: 0, contact_method: null },
      { method: 'email', delay_minutes: 0, contact_method: null },
    ]);
    const number = (await call('GET', 'account/contact-methods', tech)).json().data[0];
    const body = [
      { method: 'push', delay_minutes: 0 },
      { method: 'email', delay_minutes: 0 },
      { method: { contact_method_id: number.id }, delay_minutes: 2 },
    ];
    const saved = await call('PUT', 'account/notification-rules', tech, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data[2]).toMatchObject({
      method: { contact_method_id: number.id },
      delay_minutes: 2,
      contact_method: { address: '+13125550100' },
    });
    expect((await call('GET', 'account/notification-rules', tech)).json().data).toHaveLength(3);

    const inUse = await call('DELETE', `account/contact-methods/${number.id}`, tech, undefined, 'es-MX');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toContain('1 regla de notificación usa este número');

    for (const wrong of [[], [{ method: 'email', delay_minutes: 61 }], [{ method: 'fax', delay_minutes: 0 }]]) {
      expect((await call('PUT', 'account/notification-rules', tech, wrong)).statusCode).toBe(422);
    }
    const twice = await call('PUT', 'account/notification-rules', tech, [
      { method: 'email', delay_minutes: 5 },
      { method: 'email', delay_minutes: 5 },
    ]);
    expect(twice.json().error.details.fields).toEqual([
      { field: '1.delay_minutes', message: 'This method already has a rule with this delay.' },
    ]);
    expect((await call('GET', 'account/notification-rules', tech)).json().data).toHaveLength(3);
  });
});

describe('without Twilio', () => {
  it('offers no sms or voice and refuses a number', async () => {
    const bare = await createTestApp();
    try {
      const token = await login(bare.app, 'technician@example.com');
      const get = (url: string) => bare.app.inject({ method: 'GET', url: `/api/${url}`, headers: headers(token) });
      expect((await get('account/channels')).json().data).toMatchObject({ sms: false, voice: false });
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/account/contact-methods',
        headers: headers(token),
        payload: { type: 'sms', address: '+13125550100' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.details.fields[0]).toMatchObject({ field: 'type' });
    } finally {
      await bare.close();
    }
  });
});

describe('push subscriptions', () => {
  const subscription = (endpoint: string) => ({
    endpoint,
    expirationTime: null,
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  });

  it('gives the VAPID key to signed-in people only, the same key every time', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/push/public-key' })).statusCode).toBe(401);
    const first = (await call('GET', 'push/public-key', tech)).json().data.public_key;
    expect(first).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(first, 'base64url')[0]).toBe(4);
    expect((await call('GET', 'push/public-key', tech)).json().data.public_key).toBe(first);
  });

  it('refuses endpoints on loopback and private addresses, and malformed keys, in the caller’s language', async () => {
    for (const endpoint of [
      'https://127.0.0.1/push/x',
      'https://10.0.0.8/push/x',
      'https://localhost/push/x',
      'http://push.example.com/x',
    ]) {
      const res = await call('POST', 'account/push-subscriptions', tech, subscription(endpoint), 'es-MX');
      expect(res.statusCode, endpoint).toBe(422);
      expect(res.json().error.details.fields[0]).toMatchObject({ field: 'endpoint' });
    }
    const private_ = await call(
      'POST',
      'account/push-subscriptions',
      tech,
      subscription('https://192.168.1.5/p'),
      'es-MX',
    );
    expect(private_.json().error.details.fields[0].message).toMatch(/red privada o local/);
    const badKeys = await call('POST', 'account/push-subscriptions', tech, {
      endpoint: 'https://8.8.8.8/push/x',
      keys: { p256dh: 'short', auth: 'A'.repeat(22) },
    });
    expect(badKeys.statusCode).toBe(422);
    expect((await call('GET', 'account/push-subscriptions', tech)).json()).toMatchObject({
      data: [],
      meta: { total: 0 },
    });
  });

  it('keeps a public endpoint for its person only; another organization’s user gets 404; removal by endpoint or id', async () => {
    const added = await call('POST', 'account/push-subscriptions', tech, subscription('https://8.8.8.8/push/tech-1'));
    expect(added.statusCode, added.body).toBe(201);
    const second = await call('POST', 'account/push-subscriptions', tech, subscription('https://8.8.8.8/push/tech-2'));
    const list = (await call('GET', 'account/push-subscriptions?per_page=1', tech)).json();
    expect(list.meta).toMatchObject({ total: 2, per_page: 1, last_page: 2 });
    await addOutsider(t.database.db, 'push-outsider@example.com');
    const outsider = await login(t.app, 'push-outsider@example.com');
    expect((await call('GET', 'account/push-subscriptions', outsider)).json().data).toEqual([]);
    const id = added.json().data.id;
    expect((await call('DELETE', `account/push-subscriptions/${id}`, outsider)).statusCode).toBe(404);
    expect(
      (await call('DELETE', 'account/push-subscriptions', outsider, { endpoint: 'https://8.8.8.8/push/tech-1' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', 'account/push-subscriptions', tech, { endpoint: 'https://8.8.8.8/push/tech-1' }))
        .statusCode,
    ).toBe(204);
    expect((await call('DELETE', `account/push-subscriptions/${second.json().data.id}`, tech)).statusCode).toBe(204);
    expect((await call('DELETE', `account/push-subscriptions/${id}`, tech)).statusCode).toBe(404);
    expect((await call('GET', 'account/push-subscriptions', tech)).json().meta.total).toBe(0);
  });

  it('never moves a subscription to another person who posts its endpoint (409); its owner renews its keys', async () => {
    const endpoint = 'https://8.8.8.8/push/tech-owned';
    const owned = await call('POST', 'account/push-subscriptions', tech, subscription(endpoint));
    expect(owned.statusCode, owned.body).toBe(201);
    const viewer = await login(t.app, 'viewer@example.com');
    const taken = await call(
      'POST',
      'account/push-subscriptions',
      viewer,
      { ...subscription(endpoint), keys: { p256dh: `B${'Z'.repeat(86)}`, auth: 'Z'.repeat(22) } },
      'es-MX',
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'push_endpoint_taken',
      message: expect.stringMatching(/otra persona/),
    });
    const stored = () =>
      query<{ user_id: number; p256dh: string }>(
        t.database.db,
        sql`select user_id, p256dh from push_subscriptions where endpoint = ${endpoint}`,
      );
    const techId = (await call('GET', 'auth/user', tech)).json().data.id;
    expect(await stored()).toEqual([{ user_id: techId, p256dh: `B${'A'.repeat(86)}` }]);
    expect((await call('GET', 'account/push-subscriptions', viewer)).json().data).toEqual([]);
    // The owner's browser renewed its keys: the same endpoint takes them.
    const renewed = await call('POST', 'account/push-subscriptions', tech, {
      ...subscription(endpoint),
      keys: { p256dh: `B${'C'.repeat(86)}`, auth: 'C'.repeat(22) },
    });
    expect(renewed.statusCode).toBe(201);
    expect(await stored()).toEqual([{ user_id: techId, p256dh: `B${'C'.repeat(86)}` }]);
    expect((await call('DELETE', `account/push-subscriptions/${owned.json().data.id}`, tech)).statusCode).toBe(204);
  });
});
