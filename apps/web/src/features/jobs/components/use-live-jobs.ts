import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onRealtime } from '../../../lib/realtime.ts';

/** Refetches every jobs query when a job changes (or the socket reconnects). */
export function useLiveJobs(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ['jobs'] });
    const offs = [onRealtime('job.updated', refresh), onRealtime('reconnect', refresh)];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);
}
