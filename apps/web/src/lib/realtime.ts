import type { ClientToServerEvents, ServerToClientEvents } from '@rcm/shared/realtime';
import { io, type Socket } from 'socket.io-client';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;
type AnyHandler = (...args: unknown[]) => void;

let socket: RealtimeSocket | null = null;
// Handlers outlive sockets: a new login's socket gets every handler registered so far.
const handlers = new Map<EventName | 'reconnect', Set<AnyHandler>>();

function attach(s: RealtimeSocket, name: EventName, handler: AnyHandler): void {
  s.on(name, handler as never);
}

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
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    timeout: 20000,
  });
  socket.on('test', (payload) => console.debug('[realtime] test event', payload));
  let connectedBefore = false;
  socket.on('connect', () => {
    // A client that reconnects refetches what it shows (design.md section 7).
    if (connectedBefore) for (const h of handlers.get('reconnect') ?? []) h();
    connectedBefore = true;
  });
  for (const [name, set] of handlers) {
    if (name === 'reconnect') continue;
    for (const h of set) attach(socket, name, h);
  }
  return socket;
}

export function disconnectRealtime(): void {
  socket?.disconnect();
  socket = null;
}

export function realtimeSocket(): RealtimeSocket | null {
  return socket;
}

/** Subscribes to a server event (or 'reconnect') for as long as the returned function is not called. */
export function onRealtime<K extends EventName | 'reconnect'>(
  name: K,
  handler: K extends EventName ? ServerToClientEvents[K] : () => void,
): () => void {
  const h = handler as AnyHandler;
  const set = handlers.get(name) ?? new Set();
  set.add(h);
  handlers.set(name, set);
  if (socket && name !== 'reconnect') attach(socket, name as EventName, h);
  return () => {
    set.delete(h);
    if (socket && name !== 'reconnect') socket.off(name as EventName, h as never);
  };
}
