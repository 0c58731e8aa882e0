import type { ServerToClientEvents } from '@rcm/shared/realtime';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { onRealtime, whenListening } from './realtime.ts';

type EventName = keyof ServerToClientEvents;

/** Per realtime event, whether it concerns the queries (`true`: every such event does). */
export type LiveEvents = {
  [K in EventName]?: true | ((...args: Parameters<ServerToClientEvents[K]>) => boolean);
};

/**
 * Whether a query under the key holds an answer from before `time`: read before the socket listened,
 * what changed since was announced to nobody.
 */
export function answeredBefore(queryClient: QueryClient, queryKey: QueryKey, time: number): boolean {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey })
    .some((query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < time);
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
    offs.push(onRealtime('reconnect', invalidate));
    offs.push(
      whenListening((since) => {
        if (answeredBefore(queryClient, JSON.parse(key) as QueryKey, since)) invalidate();
      }),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient, key, names]);
}
