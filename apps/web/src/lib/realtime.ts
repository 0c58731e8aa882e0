import type { ClientToServerEvents, ServerToClientEvents } from '@rcm/shared/realtime';
import { io, type Socket } from 'socket.io-client';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: RealtimeSocket | null = null;

/** Created on login if missing, with the bearer token (spec section 4); constants of section 9. */
export function connectRealtime(token: string): RealtimeSocket {
  if (socket) {
    socket.auth = { token };
    if (socket.disconnected) socket.connect();
    return socket;
  }
  socket = io({
    path: '/socket.io',
    auth: { token },
    extraHeaders: { Authorization: `Bearer ${token}` },
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    timeout: 20000,
  });
  socket.on('test', (payload) => console.debug('[realtime] test event', payload));
  return socket;
}

export function disconnectRealtime(): void {
  socket?.disconnect();
  socket = null;
}

export function realtimeSocket(): RealtimeSocket | null {
  return socket;
}
