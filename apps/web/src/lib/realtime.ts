import type { ClientToServerEvents, ServerToClientEvents } from '@rcm/shared/realtime';
import type { Socket } from 'socket.io-client';
import { dropEarly } from './api-client.ts';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;
/** The socket's own moments, not the server's events. */
type LocalName = 'reconnect' | 'ready' | 'connect';
const LOCAL: ReadonlySet<string> = new Set<LocalName>(['reconnect', 'ready', 'connect']);
const isLocal = (name: EventName | LocalName): name is LocalName => LOCAL.has(name);
type AnyHandler = (...args: unknown[]) => void;

let socket: RealtimeSocket | null = null;
/** When the socket last connected (ms since the epoch); null while it is not connected. */
let listeningSince: number | null = null;
/** Bumped by every connect and disconnect, so a socket that finishes loading late is dropped. */
let generation = 0;
// Handlers outlive sockets: a new login's socket gets every handler registered so far.
const handlers = new Map<EventName | LocalName, Set<AnyHandler>>();

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
      listeningSince = Date.now();
      // An early answer not taken yet may predate what the socket will announce: the app asks anew.
      dropEarly();
      for (const h of handlers.get('connect') ?? []) h();
      // A client that reconnects refetches what it shows (docs/contracts.md §7).
      if (connectedBefore) for (const h of handlers.get('reconnect') ?? []) h();
      connectedBefore = true;
    });
    s.on('disconnect', () => {
      listeningSince = null;
    });
    for (const [name, set] of handlers) {
      if (isLocal(name)) continue;
      for (const h of set) attach(s, name, h);
    }
    for (const h of handlers.get('ready') ?? []) h();
  });
}

export function disconnectRealtime(): void {
  generation += 1;
  listeningSince = null;
  socket?.disconnect();
  socket = null;
}

export function realtimeSocket(): RealtimeSocket | null {
  return socket;
}

/**
 * Subscribes to a server event, 'reconnect' (refetch what is shown), 'ready' (a socket now exists:
 * emit what needs one) or 'connect' (the socket listens, the first time or again) for as long as the
 * returned function is not called.
 */
export function onRealtime<K extends EventName | LocalName>(
  name: K,
  handler: K extends EventName ? ServerToClientEvents[K] : () => void,
): () => void {
  const h = handler as AnyHandler;
  const set = handlers.get(name) ?? new Set();
  set.add(h);
  handlers.set(name, set);
  const local = isLocal(name);
  if (socket && !local) attach(socket, name as EventName, h);
  return () => {
    set.delete(h);
    if (socket && !local) socket.off(name as EventName, h as never);
  };
}

/**
 * Calls back, once, with the time the socket started listening: at once if it listens, else when it
 * connects. What was read before then may have changed without an event saying so: the first screen is
 * read while the socket connects (early, before the app's code has arrived).
 */
export function whenListening(handler: (since: number) => void): () => void {
  if (listeningSince !== null) {
    handler(listeningSince);
    return () => undefined;
  }
  const off = onRealtime('connect', () => {
    off();
    if (listeningSince !== null) handler(listeningSince);
  });
  return off;
}
