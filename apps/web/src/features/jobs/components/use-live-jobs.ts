import { useLiveQuery } from '@/lib/use-live-query.ts';
import { jobKeys } from '../api/keys.ts';

/** Refetches every jobs query when a job changes (or the socket reconnects). */
export function useLiveJobs(): void {
  useLiveQuery(jobKeys.all, { 'job.updated': true });
}
