import type { AlarmSummary } from '@rcm/shared/alarms';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { onRealtime } from '@/lib/realtime.ts';
import { refreshWhenListening } from '@/lib/use-live-query.ts';
import { alarmKeys } from './api/keys.ts';

const REFRESH_MS = 500;

/**
 * Keeps alarm queries live: realtime events mark them stale, at most twice a second however many
 * events arrive (a storm of 50 alarms/s costs two refetches/s). Alarms read before the socket listened
 * (the first screen) are read again once it does; a reconnect refetches everything.
 */
export function useLiveAlarms(onRaised?: (alarm: AlarmSummary) => void): void {
  const queryClient = useQueryClient();
  const raised = useRef(onRaised);
  raised.current = onRaised;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: alarmKeys.all });
      }, REFRESH_MS);
    };
    const offs = [
      onRealtime('alarm.raised', (alarm) => {
        raised.current?.(alarm);
        refresh();
      }),
      onRealtime('alarm.updated', refresh),
      // A page recorded or delivered: the list says who is on each alarm.
      onRealtime('notification.updated', refresh),
      onRealtime('reconnect', () => void queryClient.invalidateQueries()),
      refreshWhenListening(queryClient, ['alarms']),
    ];
    return () => {
      for (const off of offs) off();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient]);
}
