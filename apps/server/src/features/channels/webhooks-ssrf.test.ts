import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';
import { createTestServer, type TestServer } from '../../test/server.ts';

// Without WEBHOOK_ALLOW_PRIVATE: webhook URLs and push endpoints must reach public addresses only.
let server: TestServer;
let admin = '';
beforeAll(async () => {
  server = await createTestServer({ PUBLIC_URL: 'http://console.test' });
  admin = await login(server.app, 'admin@example.com');
});
afterAll(() => server.stop());

const PRIVATE_URLS = [
  'http://127.0.0.1:9/hook',
  'http://10.1.2.3/hook',
  'http://169.254.169.254/latest/meta-data',
  'http://[::1]:8080/hook',
  'http://[fc00::1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://0.0.0.0/hook',
  // A name that resolves to a loopback address.
  'http://localhost:8080/hook',
];

describe('webhook and push addresses (SSRF)', () => {
  it('refuses loopback, private, link-local, unique-local and mapped addresses, and names resolving to them', async () => {
    for (const url of PRIVATE_URLS) {
      for (const locale of ['en-US', 'es-MX']) {
        const res = await server.app.inject({
          method: 'POST',
          url: '/api/settings/webhooks',
          headers: headers(admin, locale),
          payload: { name: 'Internal', url, kind: 'generic', events: ['alarm.raised'], organization_id: null },
        });
        expect(res.statusCode, `${url} ${res.body}`).toBe(422);
        const [field] = res.json().error.details.fields;
        expect(field.field).toBe('url');
        expect(field.message).toContain(locale === 'es-MX' ? 'red privada o local' : 'private or local network');
      }
    }
    const list = await server.app.inject({ method: 'GET', url: '/api/settings/webhooks', headers: headers(admin) });
    expect(list.json().meta.total).toBe(0);
  });

  it('refuses a private address on edit, keeping the webhook as it was', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/settings/webhooks',
      headers: headers(admin),
      payload: {
        name: 'Public',
        url: 'https://8.8.8.8/hook',
        kind: 'slack',
        events: ['alarm.raised'],
        organization_id: null,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const res = await server.app.inject({
      method: 'PATCH',
      url: `/api/settings/webhooks/${id}`,
      headers: headers(admin),
      payload: { url: 'http://192.168.1.40/hook' },
    });
    expect(res.statusCode).toBe(422);
    const after = await server.app.inject({
      method: 'GET',
      url: `/api/settings/webhooks/${id}`,
      headers: headers(admin),
    });
    expect(after.json().data.url).toBe('https://8.8.8.8/hook');
  });

  it('refuses push subscriptions whose endpoint is private, IPv4-mapped or resolves to loopback', async () => {
    const keys = {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    };
    for (const endpoint of ['https://127.0.0.1/push', 'https://[::ffff:10.0.0.1]/push', 'https://localhost/push']) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/account/push-subscriptions',
        headers: headers(admin, 'es-MX'),
        payload: { endpoint, expirationTime: null, keys },
      });
      expect(res.statusCode, `${endpoint} ${res.body}`).toBe(422);
      expect(res.json().error.details.fields[0].field).toBe('endpoint');
    }
  });
});
