import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, users } from '../../db/schema.ts';
import { login } from '../../test/app.ts';
import { connectDevice } from '../../test/device.ts';
import { cloneUser, headers } from '../../test/helpers.ts';
import { createTestServer, TEST_PROVISIONING_KEY, type TestServer } from '../../test/server.ts';
import { listen } from '../../test/socket.ts';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await createTestServer();
  for (const who of ['admin', 'manager', 'technician']) tokens[who] = await login(server.app, `${who}@example.com`);
  // Settings rights within one organization only (FreshMart's manager's organization): not an administrator.
  const [role] = await server.database.db
    .insert(roles)
    .values({ name: 'Org settings', color: '#000000', permissions: ['settings_view', 'settings_update'] })
    .returning();
  const local = await cloneUser(server.database, 'manager@example.com', 'org-settings@example.com');
  await server.database.db
    .update(users)
    .set({ roleId: role?.id ?? 0 })
    .where(eq(users.id, local.id));
  tokens.orgSettings = await login(server.app, 'org-settings@example.com');
});
afterAll(async () => {
  await server?.stop();
});

const call = (who: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    headers: headers(who ? tokens[who] : null),
    ...(payload ? { payload } : {}),
  });

const ingestAs = (mac: string, key: string) =>
  server.app.inject({
    method: 'POST',
    url: `/api/ingest/v1/${mac.replaceAll(':', '')}/status`,
    headers: { authorization: `Device ${key}` },
    payload: { online: true, model: 'Test' },
  });

describe('the provisioning settings', () => {
  it('answer 401 without a session, whatever the body, and 403 to anyone but an administrator', async () => {
    expect((await call(null, 'GET', '/api/settings/provisioning')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/settings/provisioning/rotate', { junk: true })).statusCode).toBe(401);
    for (const who of ['manager', 'technician', 'orgSettings']) {
      const res = await call(who, 'GET', '/api/settings/provisioning');
      expect(res.statusCode, who).toBe(403);
      expect(res.body).not.toContain(TEST_PROVISIONING_KEY);
      expect((await call(who, 'POST', '/api/settings/provisioning/rotate')).statusCode, who).toBe(403);
    }
    // The key still works: nobody but an administrator changed it.
    expect((await ingestAs('02:77:00:00:00:01', TEST_PROVISIONING_KEY)).statusCode).toBe(200);
  });

  it('show an administrator the endpoints, the topic layout and the key', async () => {
    // Without PUBLIC_URL, devices are told the address the administrator reached the console at.
    const res = await server.app.inject({
      url: '/api/settings/provisioning',
      headers: { ...headers(tokens.admin), host: 'console.example:3000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      mqtt_url: `mqtt://console.example:${server.mqttPort}`,
      mqtt_first_contact: true,
      http_url: 'http://console.example:3000/api/ingest/v1',
      topic_prefix: 'rcm/v1',
      provisioning_key: TEST_PROVISIONING_KEY,
    });
  });

  it('rotate: the old key is refused at once over MQTT and HTTP, the new one announces a controller live', async () => {
    const socket = await listen(server.url, tokens.admin ?? '');
    try {
      const res = await call('admin', 'POST', '/api/settings/provisioning/rotate');
      expect(res.statusCode).toBe(200);
      const key: string = res.json().data.provisioning_key;
      expect(key).not.toBe(TEST_PROVISIONING_KEY);
      expect(key.length).toBeGreaterThanOrEqual(32);
      expect((await call('admin', 'GET', '/api/settings/provisioning')).json().data.provisioning_key).toBe(key);

      await expect(connectDevice(server.mqttPort ?? 0, '02:77:00:00:00:02', TEST_PROVISIONING_KEY)).rejects.toThrow();
      expect((await ingestAs('02:77:00:00:00:03', TEST_PROVISIONING_KEY)).statusCode).toBe(401);

      const device = await connectDevice(server.mqttPort ?? 0, '02:77:00:00:00:04', key);
      await device.end();
      const pending = await socket.waitFor<{ controller: { mac_address: string } }>(
        'controller.pending',
        (p) => p.controller.mac_address === '02:77:00:00:00:04',
      );
      expect(pending.controller.mac_address).toBe('02:77:00:00:00:04');
      const log = (await call('admin', 'GET', '/api/audit-log?action=provisioning.rotate_key')).json();
      expect(log.data).toHaveLength(1);
    } finally {
      socket.close();
    }
  });
});
