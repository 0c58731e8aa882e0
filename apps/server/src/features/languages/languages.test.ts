import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const EXPECTED = {
  data: [
    { id: 1, name: 'English', iso6391: 'en', locale: 'en-US' },
    { id: 2, name: 'Español', iso6391: 'es', locale: 'es-MX' },
  ],
};

describe('GET /api/languages', () => {
  it('lists en-US and es-MX without a session (the login page needs them)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/languages' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(EXPECTED);
  });

  it('answers the same for a signed-in user in another locale', async () => {
    const token = await login(t.app, 'manager@example.com');
    const res = await t.app.inject({ method: 'GET', url: '/api/languages', headers: headers(token, 'es-MX') });
    expect(res.json()).toEqual(EXPECTED);
  });
});
