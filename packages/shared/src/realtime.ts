import type { UnauthorisedController } from './auth.ts';

/** Client-facing socket.io events (design.md section 7). Later issues add their payloads here. */
export type ServerToClientEvents = {
  test: (payload: { message: string }) => void;
  'controller.pending': (payload: { count: number; controller: UnauthorisedController }) => void;
};

export type ClientToServerEvents = Record<string, never>;
