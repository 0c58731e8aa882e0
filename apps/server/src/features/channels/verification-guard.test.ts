import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { query } from '../../lib/sql.ts';
import { addUser } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { advance, DAY, headers, rowCount, userByEmail } from '../../test/helpers.ts';
import { startTestTwilio } from '../../test/twilio.ts';
import { CODES_PER_ORGANIZATION_DAY, CODES_PER_PERSON_DAY } from './verification-guard.ts';

let t: TestApp;
let twilio: Awaited<ReturnType<typeof startTestTwilio>>;
let freshmart = 0;
let valleVerde = 0;
beforeAll(async () => {
  twilio = await startTestTwilio();
  t = await createTestApp(twilio.env);
  freshmart = Number((await userByEmail(t.database, 'manager@example.com')).organizationId);
  const [vv] = await query<{ id: number }>(
    t.database.db,
    sql`select id from organizations where name = 'Valle Verde Supermercados'`,
  );
  valleVerde = Number(vv?.id);
});
afterAll(async () => {
  await t?.close();
  await twilio?.close();
});

let address = 0;
/** Each call from its own client address: the per-address rate limit of sending stays out of these tests. */
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown, locale = 'en-US') =>
  t.app.inject({
    method,
    url: `/api/${url}`,
    remoteAddress: `198.51.100.${++address % 250}`,
    headers: headers(token, locale),
    payload: payload as object,
  });
const sentTo = (to: string) => twilio.requests.filter((r) => r.form.To === to).length;
const refusals = (userId: number) =>
  query<{ refused: string; country: string | null }>(
    t.database.db,
    sql`select refused, country from verification_sends where user_id = ${userId} and refused is not null order by id`,
  );

describe('verification codes and toll fraud', () => {
  it('sends codes only to people who can be paged: someone who cannot see alarms is refused, and it is counted', async () => {
    await addUser(t.database.db, { from: 'viewer@example.com', email: 'kiosk@example.com', permissions: [] });
    const kiosk = await login(t.app, 'kiosk@example.com');
    const res = await call(
      'POST',
      'account/contact-methods',
      kiosk,
      { type: 'sms', address: '+1 512 555 0190' },
      'es-MX',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'not_pageable', message: expect.stringMatching(/^Solo se avisa/) });
    expect(sentTo('+15125550190')).toBe(0);
    expect((await call('GET', 'account/contact-methods', kiosk)).json().data).toEqual([]);
    const kioskId = (await userByEmail(t.database, 'kiosk@example.com')).id;
    expect(await refusals(kioskId)).toEqual([{ refused: 'not_pageable', country: 'US' }]);
  });

  it('sends only to the organization’s countries: its locations’ by default, or the ones an administrator sets', async () => {
    const manager = await login(t.app, 'manager@example.com');
    const uk = { type: 'sms', address: '+44 20 7946 0958' };
    const refused = await call('POST', 'account/contact-methods', manager, uk, 'es-MX');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details.fields).toEqual([
      { field: 'address', message: expect.stringMatching(/^No se pueden agregar números de este país/) },
    ]);
    expect(sentTo('+442079460958')).toBe(0);
    const managerId = (await userByEmail(t.database, 'manager@example.com')).id;
    expect((await refusals(managerId)).at(-1)).toEqual({ refused: 'country', country: 'GB' });

    const admin = await login(t.app, 'admin@example.com');
    const shown = await call('GET', `organizations/${freshmart}/phone-countries`, admin);
    // Refused today: the kiosk account's (the first test) and this one.
    expect(shown.json().data).toMatchObject({ countries: null, last_day: { sent: 0, refused: 2 } });
    expect(shown.json().data.default_countries).toContain('US');
    expect(shown.json().data.default_countries).not.toContain('GB');
    // An unknown code is a localized field error and changes nothing.
    const bad = await call(
      'PUT',
      `organizations/${freshmart}/phone-countries`,
      admin,
      { countries: ['US', 'XX'] },
      'es-MX',
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details.fields).toEqual([
      { field: 'countries.1', message: expect.stringMatching(/ISO 3166/) },
    ]);
    const audited = await rowCount(t.database, auditLog);
    const set = await call('PUT', `organizations/${freshmart}/phone-countries`, admin, { countries: ['us', 'GB'] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.countries).toEqual(['GB', 'US']);
    expect(await rowCount(t.database, auditLog)).toBe(audited + 1);
    const added = await call('POST', 'account/contact-methods', manager, uk);
    expect(added.statusCode, added.body).toBe(201);
    expect(sentTo('+442079460958')).toBe(1);
    // Back to its locations' countries.
    expect(
      (await call('PUT', `organizations/${freshmart}/phone-countries`, admin, { countries: null })).statusCode,
    ).toBe(200);
  });

  it('keeps another organization’s setting out of reach (404), and needs organization_edit to change it', async () => {
    await addUser(t.database.db, {
      from: 'manager@example.com',
      email: 'vv-admin@example.com',
      organizationName: 'Valle Verde Supermercados',
      permissions: ['organization_view', 'organization_edit', 'alarms_view'],
    });
    const theirs = await login(t.app, 'vv-admin@example.com');
    expect((await call('GET', `organizations/${freshmart}/phone-countries`, theirs)).statusCode).toBe(404);
    expect(
      (await call('PUT', `organizations/${freshmart}/phone-countries`, theirs, { countries: ['GB'] })).statusCode,
    ).toBe(404);
    const own = await call('GET', `organizations/${valleVerde}/phone-countries`, theirs);
    expect(own.json().data.default_countries).toContain('MX');
    const viewer = await login(t.app, 'viewer@example.com');
    expect(
      (await call('PUT', `organizations/${freshmart}/phone-countries`, viewer, { countries: ['GB'] })).statusCode,
    ).toBe(403);
    expect((await call('PUT', `organizations/${freshmart}/phone-countries`, '', { countries: 'x' })).statusCode).toBe(
      401,
    );
  });

  it(`sends a person at most ${CODES_PER_PERSON_DAY} codes a day, adding and resending alike`, async () => {
    const technician = await login(t.app, 'technician@example.com');
    const statuses: number[] = [];
    const first = await call('POST', 'account/contact-methods', technician, {
      type: 'sms',
      address: '+1 214 555 0180',
    });
    statuses.push(first.statusCode);
    for (let i = 0; i < CODES_PER_PERSON_DAY - 1; i++)
      statuses.push(
        (await call('POST', `account/contact-methods/${first.json().data.id}/resend`, technician)).statusCode,
      );
    expect(statuses).toEqual(
      Array(CODES_PER_PERSON_DAY)
        .fill(0)
        .map((_, i) => (i === 0 ? 201 : 200)),
    );
    const over = await call('POST', 'account/contact-methods', technician, {
      type: 'voice',
      address: '+1 214 555 0181',
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('verification_limit');
    expect((await call('POST', `account/contact-methods/${first.json().data.id}/resend`, technician)).statusCode).toBe(
      429,
    );
    expect(sentTo('+12145550180')).toBe(CODES_PER_PERSON_DAY);
    expect(sentTo('+12145550181')).toBe(0);
    const techId = (await userByEmail(t.database, 'technician@example.com')).id;
    expect((await refusals(techId)).map((r) => r.refused)).toEqual(['user_limit', 'user_limit']);
    // A day later (signed in again: the session did not last the day), codes are sent again.
    advance(t.clock, DAY + 60_000);
    const again = await login(t.app, 'technician@example.com');
    expect((await call('POST', `account/contact-methods/${first.json().data.id}/resend`, again)).statusCode).toBe(200);
  });

  it(`sends an organization’s people at most ${CODES_PER_ORGANIZATION_DAY} codes a day together`, async () => {
    const viewerId = (await userByEmail(t.database, 'viewer@example.com')).id;
    await t.database.db.execute(
      sql`insert into verification_sends (user_id, organization_id, type, country, at)
          select ${viewerId}, ${freshmart}, 'sms', 'US', ${t.clock.now.toISOString()}::timestamptz
          from generate_series(1, ${CODES_PER_ORGANIZATION_DAY})`,
    );
    const manager = await login(t.app, 'manager@example.com');
    const res = await call('POST', 'account/contact-methods', manager, { type: 'voice', address: '+1 512 555 0142' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('verification_limit_organization');
    expect(sentTo('+15125550142')).toBe(0);
    // The organization's settings show the day's counts.
    const admin = await login(t.app, 'admin@example.com');
    const shown = (await call('GET', `organizations/${freshmart}/phone-countries`, admin)).json().data;
    expect(shown.last_day.sent).toBeGreaterThanOrEqual(CODES_PER_ORGANIZATION_DAY);
    expect(shown.last_day.refused).toBeGreaterThanOrEqual(1);
  });
});
