import { useLiveQuery } from '../../../lib/use-live-query.ts';

/** Refetches every jobs query when a job changes (or the socket reconnects). */
export function useLiveJobs(): void {
  useLiveQuery(['jobs'], { 'job.updated': true });
}
