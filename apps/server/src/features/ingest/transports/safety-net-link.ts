import { startWorker } from '../../../lib/worker.ts';
import type { NetCommand, NetEvent, NetWorkerData } from './safety-net-protocol.ts';

/** What the net asks its worker and waits for: the worker answers with a `reply` of the same id. */
export type NetRequest = { type: 'subscribe'; conn: number } | { type: 'marker'; conn: number; nonce: string };

/**
 * The safety net's side of its worker thread (safety-net-worker.ts): commands, and requests settled
 * by the worker's replies. Once the thread has exited, requests fail at once.
 */
export function linkNetWorker(data: NetWorkerData) {
  const worker = startWorker(new URL('./safety-net-worker.ts', import.meta.url), data);
  const command = (c: NetCommand) => worker.postMessage(c);
  let exited = false;
  let nextRequest = 0;
  const replies = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();

  return {
    worker,
    command,
    exited: () => exited,

    request: (c: NetRequest) =>
      new Promise<void>((resolve, reject) => {
        if (exited) return reject(new Error('safety net worker exited'));
        const id = ++nextRequest;
        replies.set(id, { resolve, reject });
        command({ ...c, id });
      }),

    /** Settles the request a `reply` event answers. */
    reply(event: Extract<NetEvent, { type: 'reply' }>): void {
      const waiter = replies.get(event.id);
      replies.delete(event.id);
      if (event.error === undefined) waiter?.resolve();
      else waiter?.reject(new Error(event.error));
    },

    /** The thread exited: every request still waiting fails, and so does every later one. */
    exit(): void {
      exited = true;
      for (const waiter of replies.values()) waiter.reject(new Error('safety net worker exited'));
      replies.clear();
    },
  };
}

export type NetWorkerLink = ReturnType<typeof linkNetWorker>;
