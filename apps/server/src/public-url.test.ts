import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './test/server.ts';

// PORT=0 (the tests', and any install that lets the system choose): links name the port the
// instance was given, never "localhost:0".
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server?.stop());

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  return (res.headers.get('authorization') ?? '').replace(/^Bearer /, '');
}

it('an invitation link and Settings → Email name the port the instance listens on', async () => {
  expect(server.port).toBeGreaterThan(0);
  const token = await signIn('admin@example.com');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${server.url}/api/settings/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: 'Port Check',
      email: 'port.check@example.com',
      role_id: 1,
      organization_id: 1,
      language: 'en-US',
      all_locations: true,
    }),
  });
  const body = (await created.json()) as { data?: { invitation_url?: string } };
  expect(created.status, JSON.stringify(body)).toBe(201);
  expect(body.data?.invitation_url).toMatch(
    new RegExp(`^http://localhost:${server.port}/user/reset-password\\?token=`),
  );

  const mail = await fetch(`${server.url}/api/settings/email`, { headers });
  const settings = (await mail.json()) as { data: { public_url: string } };
  expect(settings.data.public_url).toBe(`http://localhost:${server.port}`);
});
