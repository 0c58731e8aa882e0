import type { AuthUser } from '@rcm/shared/auth';
import { dashboardReads } from '@/features/dashboard/api/dashboard-reads.ts';
import { readPath } from '@/lib/api-client.ts';
import { shellReads } from './shell/shell-reads.ts';

type Read = { meta?: Record<string, unknown> } | null;

/**
 * The API paths a signed-in first screen reads, for the page's first script to ask for before the
 * app's code has arrived (src/first-screen.ts): the shell's and, on the dashboard (the `home` route)
 * without filters in its address, the dashboard's. The shell and the dashboard load through the same
 * functions (shellReads, dashboardReads), so these are the paths they ask for; an address with filters
 * is left to the router, which reads them.
 */
export function firstReadPaths(route: string | undefined, search: string, user: AuthUser, phone: boolean): string[] {
  const reads: Read[] = Object.values(shellReads(user));
  const dashboard = route === 'home' && search === '' ? dashboardReads({}, user, phone) : null;
  if (dashboard) reads.push(...Object.values(dashboard));
  return reads.flatMap((query) => {
    const path = query && readPath(query);
    return path ? [path] : [];
  });
}
