import type { ServerToClientEvents } from '@rcm/shared/realtime';
import { type Query, type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { readPath, readSentAt } from './api-client.ts';
import { whenIdle } from './idle.ts';
import { onRealtime, whenListening } from './realtime.ts';

type EventName = keyof ServerToClientEvents;

/** Per realtime event, whether it concerns the queries (`true`: every such event does). */
export type LiveEvents = {
  [K in EventName]?: true | ((...args: Parameters<ServerToClientEvents[K]>) => boolean);
};

/** The longest a first screen's data read before the socket listened waits, for the page to be idle. */
const RESYNC_WAIT_MS = 1000;

/**
 * Refetches the queries under the key asked for before the socket listened (answered or still on their
 * way), once it does and the page is idle (its first screen drawn): the first screen is read early,
 * while the socket connects, and what changed meanwhile was announced to nobody. A query of one GET is
 * judged by when that GET was sent (an early answer may be taken long after), any other by when its
 * answer came. Returns the cancel.
 */
export function refreshWhenListening(queryClient: QueryClient, queryKey: QueryKey): () => void {
  let cancelIdle = () => {};
  const off = whenListening((since) => {
    cancelIdle = whenIdle(() => {
      // Asked before the socket listened: its answer, in or still on its way, may miss what changed.
      const predicate = (query: Query) => {
        const path = readPath(query);
        const asked = (path ? readSentAt(path) : undefined) ?? query.state.dataUpdatedAt;
        const read = query.state.dataUpdatedAt > 0 || query.state.fetchStatus === 'fetching';
        return read && asked < since;
      };
      if (queryClient.getQueryCache().findAll({ queryKey, predicate }).length > 0) {
        void queryClient.invalidateQueries({ queryKey, predicate });
      }
    }, RESYNC_WAIT_MS);
  });
  return () => {
    off();
    cancelIdle();
  };
}

/**
 * While the component is mounted, the queries under `queryKey` are invalidated (refetched if shown)
 * by each of `events` that concerns them, once the socket listens if they were read before it did
 * (the first screen), and after the socket reconnects (what happened meanwhile was not announced).
 */
export function useLiveQuery(queryKey: QueryKey, events: LiveEvents): void {
  const queryClient = useQueryClient();
  // The latest predicates, without resubscribing on every render.
  const current = useRef(events);
  current.current = events;
  const key = JSON.stringify(queryKey);
  const names = Object.keys(events).sort().join(',');

  useEffect(() => {
    const invalidate = () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
    const offs = names
      .split(',')
      .filter(Boolean)
      .map((name) =>
        onRealtime(
          name as EventName,
          ((...args: unknown[]) => {
            const concerns = current.current[name as EventName] as true | ((...a: unknown[]) => boolean) | undefined;
            if (concerns === true || concerns?.(...args)) invalidate();
          }) as never,
        ),
      );
    offs.push(onRealtime('reconnect', invalidate), refreshWhenListening(queryClient, JSON.parse(key) as QueryKey));
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient, key, names]);
}
