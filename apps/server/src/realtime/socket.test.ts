import type { ClientToServerEvents, ServerToClientEvents } from '@rcm/shared/realtime';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../test/app.ts';
import { headers, userByEmail } from '../test/helpers.ts';
import { createRealtime, type RealtimeServer } from './socket.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let io: RealtimeServer;
let url: string;
const clients: Client[] = [];

beforeAll(async () => {
  t = await createTestApp();
  io = createRealtime(t.app.server, { auth: t.auth });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('server is not listening');
  url = `http://127.0.0.1:${address.port}`;
});

afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
});

afterAll(async () => {
  // io.close() also closes the HTTP server it is attached to; the database is closed by t.close().
  await io?.close();
  await t?.close();
});

function client(opts: { token?: string; authorization?: string } = {}): Client {
  const c: Client = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: opts.token === undefined ? {} : { token: opts.token },
    extraHeaders: opts.authorization ? { authorization: opts.authorization } : {},
  });
  clients.push(c);
  return c;
}

/** Resolves with the first `test` event, rejects on connect_error. */
function firstTestEvent(c: Client): Promise<{ message: string }> {
  return new Promise((resolve, reject) => {
    c.once('test', resolve);
    c.once('connect_error', reject);
  });
}

function connectError(c: Client): Promise<Error> {
  return new Promise((resolve, reject) => {
    c.once('connect_error', resolve);
    c.once('connect', () => reject(new Error('connected although it should not')));
  });
}

describe('realtime handshake', () => {
  it('accepts a valid token and sends the test event', async () => {
    const viewer = await userByEmail(t.database, 'viewer@example.com');
    const c = client({ token: await login(t.app, viewer.email) });
    await expect(firstTestEvent(c)).resolves.toEqual({ message: `connected as user ${viewer.id}` });
    expect(c.connected).toBe(true);
  });

  it('also accepts the token as an Authorization header', async () => {
    const c = client({ authorization: `Bearer ${await login(t.app, 'admin@example.com')}` });
    await expect(firstTestEvent(c)).resolves.toHaveProperty('message');
  });

  it('refuses a missing token', async () => {
    const err = await connectError(client());
    expect(err.message).toBe('unauthenticated');
  });

  it('refuses an invalid token', async () => {
    const err = await connectError(client({ token: 'not-a-real-token' }));
    expect(err.message).toBe('unauthenticated');
  });

  it('refuses a token that was logged out', async () => {
    const token = await login(t.app, 'viewer@example.com');
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: headers(token) });
    const err = await connectError(client({ token }));
    expect(err.message).toBe('unauthenticated');
  });

  it('joins the user, organization and (for view_all staff) all rooms', async () => {
    const viewer = await userByEmail(t.database, 'viewer@example.com');
    const admin = await userByEmail(t.database, 'admin@example.com');
    const [viewerToken, adminToken] = [await login(t.app, viewer.email), await login(t.app, admin.email)];
    const v = client({ token: viewerToken });
    const a = client({ token: adminToken });
    await Promise.all([firstTestEvent(v), firstTestEvent(a)]);

    // socket.io keeps each socket's order: once `done` arrives, everything emitted before it has too.
    const received = (c: Client) =>
      new Promise<string[]>((resolve) => {
        const got: string[] = [];
        c.on('test', (p) => (p.message === 'done' ? resolve(got) : got.push(p.message)));
      });
    const viewerGot = received(v);
    const adminGot = received(a);
    io.to(`user:${viewer.id}`).emit('test', { message: 'user' });
    io.to(`org:${viewer.organizationId}`).emit('test', { message: 'org' });
    io.to('all').emit('test', { message: 'all' });
    io.to([`user:${viewer.id}`, `user:${admin.id}`]).emit('test', { message: 'done' });
    const [toViewer, toAdmin] = await Promise.all([viewerGot, adminGot]);
    expect(toViewer).toEqual(['user', 'org']);
    expect(toAdmin).toEqual(['all']);
  });
});
