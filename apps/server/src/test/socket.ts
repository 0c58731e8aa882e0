import type { ServerToClientEvents } from '@rcm/shared/realtime';
import { io as connect, type Socket } from 'socket.io-client';

export type Listener = {
  socket: Socket<ServerToClientEvents>;
  events: { name: string; payload: unknown }[];
  /** Resolves with the first event of that name matching `match`, or rejects after `ms`. */
  waitFor: <T = unknown>(name: keyof ServerToClientEvents, match?: (payload: T) => boolean, ms?: number) => Promise<T>;
  close: () => void;
};

/** A signed-in socket.io client that records every event it receives. */
export async function listen(url: string, token: string): Promise<Listener> {
  const socket: Socket<ServerToClientEvents> = connect(url, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  const events: { name: string; payload: unknown }[] = [];
  socket.onAny((name: string, payload: unknown) => events.push({ name, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    events,
    waitFor: (name, match = () => true, ms = 5000) =>
      new Promise((resolve, reject) => {
        const seen = events.find((e) => e.name === name && match(e.payload as never));
        if (seen) return resolve(seen.payload as never);
        const timer = setTimeout(() => {
          socket.offAny(handler);
          reject(new Error(`no ${name} within ${ms} ms`));
        }, ms);
        const handler = (event: string, payload: unknown) => {
          if (event === name && match(payload as never)) {
            clearTimeout(timer);
            socket.offAny(handler);
            resolve(payload as never);
          }
        };
        socket.onAny(handler);
      }),
    close: () => socket.disconnect(),
  };
}
