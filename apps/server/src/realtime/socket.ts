import type { Server as HttpServer } from 'node:http';
import type { ClientToServerEvents, ServerToClientEvents } from '@rcm/shared/realtime';
import { Server } from 'socket.io';
import { can } from '../features/auth/can.ts';
import { bearerToken } from '../features/auth/guard.ts';
import { inScope, type ScopeDomain, scopeFor, scopeRooms, type TenantScope } from '../features/auth/scope.ts';
import type { AuthContext, AuthService } from '../features/auth/service.ts';

/** What a socket keeps of its user: their id, and the controllers they may watch (not the whole context). */
type SocketData = { userId: number; controllers: TenantScope | null };
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export type ControllerLookup = (
  id: number,
) => Promise<{ organizationId: number | null; locationId: number | null } | null>;

/** The domains whose events go to rooms by tenant scope. */
const ROOM_DOMAINS: readonly ScopeDomain[] = ['alarms', 'controllers', 'jobs'];

/** The rooms a signed-in user joins: their own, and per domain what their scope lets them see. */
export function roomsFor(ctx: AuthContext): string[] {
  const rooms = [`user:${ctx.user.id}`, `org:${ctx.user.organizationId}`];
  if (can(ctx, 'organization.viewAll')) rooms.push('all');
  for (const domain of ROOM_DOMAINS) {
    const scope = scopeFor(ctx, domain);
    if (scope) rooms.push(...scopeRooms(domain, scope));
  }
  if (can(ctx, 'controller.authorize')) rooms.push('pending');
  return rooms;
}

/**
 * socket.io on the API's HTTP server. The handshake carries the bearer token (auth.token or the
 * Authorization header); what a socket joins decides what it hears, so scope is checked here once.
 */
export function createRealtime(
  httpServer: HttpServer,
  deps: { auth: AuthService; lookupController?: ControllerLookup },
): RealtimeServer {
  const io: RealtimeServer = new Server(httpServer, { path: '/socket.io', serveClient: false });

  io.use(async (socket, next) => {
    const fromAuth = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null;
    const token = fromAuth ?? bearerToken(socket.handshake.headers.authorization);
    const ctx = token ? await deps.auth.authenticate(token).catch(() => null) : null;
    if (!ctx) return next(new Error('unauthenticated'));
    socket.data.userId = ctx.user.id;
    socket.data.controllers = scopeFor(ctx, 'controllers');
    await socket.join(roomsFor(ctx));
    next();
  });

  io.on('connection', (socket) => {
    // The spec's private-channel test event: the client only logs it, proving the channel works.
    socket.emit('test', { message: `connected as user ${socket.data.userId}` });

    socket.on('controller.watch', async (controllerId, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      const scope = socket.data.controllers;
      const target =
        Number.isInteger(controllerId) && deps.lookupController ? await deps.lookupController(controllerId) : null;
      if (!scope || !target || !inScope(scope, target)) return reply({ ok: false });
      await socket.join(`controller:${controllerId}`);
      reply({ ok: true });
    });
    socket.on('controller.unwatch', (controllerId) => {
      void socket.leave(`controller:${controllerId}`);
    });
  });

  return io;
}
