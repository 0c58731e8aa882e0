import type { ClientToServerEvents, ServerToClientEvents } from '@rcm/shared/realtime';
import type { Socket } from 'socket.io-client';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;
type AnyHandler = (...args: unknown[]) => void;

let socket: RealtimeSocket | null = null;
/** Bumped by every connect and disconnect, so a socket that finishes loading late is dropped. */
let generation = 0;
// Handlers outlive sockets: a new login's socket gets every handler registered so far.
const handlers = new Map<EventName | 'reconnect' | 'ready', Set<AnyHandler>>();

function attach(s: RealtimeSocket, name: EventName, handler: AnyHandler): void {
  s.on(name, handler as never);
}

/**
 * Created on login if missing, with the bearer token (docs/requirements.md §4); constants of §9. The
 * socket.io client is a chunk of its own, loaded at the first sign-in: the login page never needs it.
 */
export function connectRealtime(token: string): void {
  generation += 1;
  const mine = generation;
  if (socket) {
    socket.auth = { token };
    if (socket.disconnected) socket.connect();
    return;
  }
  void import('socket.io-client').then(({ io }) => {
    // Signed out (or in as someone else) while the client was loading: this socket is not wanted.
    if (mine !== generation || socket) return;
    const s: RealtimeSocket = io({
      path: '/socket.io',
      // A WebSocket first: one connection, where long-polling's handshake is several requests (and
      // their main-thread work) while the first screen loads. Where WebSockets are blocked, polling.
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      auth: { token },
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 20000,
    });
    socket = s;
    s.on('test', (payload) => console.debug('[realtime] test event', payload));
    let connectedBefore = false;
    s.on('connect', () => {
      // A client that reconnects refetches what it shows (docs/contracts.md §7).
      if (connectedBefore) for (const h of handlers.get('reconnect') ?? []) h();
      connectedBefore = true;
    });
    for (const [name, set] of handlers) {
      if (name === 'reconnect' || name === 'ready') continue;
      for (const h of set) attach(s, name, h);
    }
    for (const h of handlers.get('ready') ?? []) h();
  });
}

export function disconnectRealtime(): void {
  generation += 1;
  socket?.disconnect();
  socket = null;
}

export function realtimeSocket(): RealtimeSocket | null {
  return socket;
}

/**
 * Subscribes to a server event, 'reconnect' (refetch what is shown) or 'ready' (a socket now exists:
 * emit what needs one) for as long as the returned function is not called.
 */
export function onRealtime<K extends EventName | 'reconnect' | 'ready'>(
  name: K,
  handler: K extends EventName ? ServerToClientEvents[K] : () => void,
): () => void {
  const h = handler as AnyHandler;
  const set = handlers.get(name) ?? new Set();
  set.add(h);
  handlers.set(name, set);
  const local = name === 'reconnect' || name === 'ready';
  if (socket && !local) attach(socket, name as EventName, h);
  return () => {
    set.delete(h);
    if (socket && !local) socket.off(name as EventName, h as never);
  };
}
