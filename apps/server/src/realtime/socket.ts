import type { Server as HttpServer } from 'node:http';
import type { ClientToServerEvents, ServerToClientEvents } from '@rcm/shared/realtime';
import { Server } from 'socket.io';
import { bearerToken } from '../features/auth/guard.ts';
import type { AuthService } from '../features/auth/service.ts';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

/**
 * socket.io on the API's HTTP server. The handshake carries the bearer token (auth.token or the
 * Authorization header); a socket joins `user:{id}`, `org:{id}` and, for staff who see every
 * organization, `all`.
 */
export function createRealtime(httpServer: HttpServer, auth: AuthService): RealtimeServer {
  const io: RealtimeServer = new Server(httpServer, { path: '/socket.io', serveClient: false });

  io.use(async (socket, next) => {
    const fromAuth = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null;
    const token = fromAuth ?? bearerToken(socket.handshake.headers.authorization);
    const ctx = token ? await auth.authenticate(token).catch(() => null) : null;
    if (!ctx) return next(new Error('unauthenticated'));
    socket.data.userId = ctx.user.id;
    await socket.join([`user:${ctx.user.id}`, `org:${ctx.user.organizationId}`]);
    if (ctx.permissions.has('organization_view_all')) await socket.join('all');
    next();
  });

  io.on('connection', (socket) => {
    // The spec's private-channel test event: the client only logs it, proving the channel works.
    socket.emit('test', { message: `connected as user ${socket.data.userId}` });
  });

  return io;
}
