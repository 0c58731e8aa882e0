import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { demoDeviceKey } from '../../seed/demo.ts';
import { addUser } from '../../test/alarms.ts';
import { login } from '../../test/app.ts';
import { connectDevice, telemetry } from '../../test/device.ts';
import { headers } from '../../test/helpers.ts';
import { createTestServer, type TestServer } from '../../test/server.ts';
import { listen } from '../../test/socket.ts';

// Demo controller 3 sits in FreshMart #104.
const FRESHMART_104 = '02:52:43:00:10:03';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await createTestServer({ LOGIN_RATE_LIMIT: '1000' });
  admin = await login(server.app, 'admin@example.com');
});
afterAll(() => server?.stop());

describe('settings changes reach running sessions and the engine at once', () => {
  it('tells a user whose role changed, and drops a disabled user’s sockets', async () => {
    const user = await addUser(server.database.db, {
      from: 'viewer@example.com',
      email: 'live-user@example.com',
      permissions: ['alarms_view', 'controllers_view'],
    });
    const other = await listen(server.url, await login(server.app, 'viewer@example.com'));
    const socket = await listen(server.url, await login(server.app, user.email));
    const role = await server.app.inject({
      method: 'PUT',
      url: `/api/settings/roles/${user.roleId}`,
      headers: headers(admin),
      payload: { name: 'Live role', color: '#0f766e', permissions: ['alarms_view'] },
    });
    expect(role.statusCode).toBe(200);
    await socket.waitFor('auth.changed');
    expect(other.events.some((e) => e.name === 'auth.changed')).toBe(false);

    const disconnected = new Promise<string>((resolve) => socket.socket.once('disconnect', resolve));
    const res = await server.app.inject({
      method: 'PUT',
      url: `/api/settings/users/${user.id}`,
      headers: headers(admin),
      payload: {
        name: user.name,
        email: user.email,
        role_id: user.roleId,
        team_id: null,
        organization_id: user.organizationId,
        language: 'en-US',
        disabled: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
    expect(other.socket.connected).toBe(true);
    other.close();
  });

  it('uses an edited alarm type on the next message', async () => {
    const device = await connectDevice(server.mqttPort ?? 0, FRESHMART_104, demoDeviceKey(FRESHMART_104));
    try {
      const now = Date.now();
      // Primes the engine's rules cache with the seeded 60 s delay.
      await device.publish('telemetry', telemetry(new Date(now), { oil_pressure: 30 }));
      const types = await server.app.inject({
        method: 'GET',
        url: '/api/settings/alarm-types?q=LOW_OIL_PRESSURE',
        headers: headers(admin),
      });
      const type = types.json().data[0];
      expect(type).toMatchObject({ code: 'LOW_OIL_PRESSURE', delay_seconds: 60 });
      const { id, code: _c, source: _s, match: _m, updated_at: _u, ...fields } = type;
      const res = await server.app.inject({
        method: 'PUT',
        url: `/api/settings/alarm-types/${id}`,
        headers: headers(admin),
        payload: { ...fields, delay_seconds: 0 },
      });
      expect(res.statusCode, res.body).toBe(200);
      await device.publish('telemetry', telemetry(new Date(now + 1000), { oil_pressure: 5 }));
      const rows = await query<{ status: string }>(
        server.database.db,
        sql`select a.status from alarms a join controllers c on c.id = a.controller_id
            join alarm_types t on t.id = a.alarm_type_id
            where c.mac_address = ${FRESHMART_104} and t.code = 'LOW_OIL_PRESSURE'`,
      );
      expect(rows.map((r) => r.status)).toEqual(['active']);
    } finally {
      await device.end();
    }
  });
});
