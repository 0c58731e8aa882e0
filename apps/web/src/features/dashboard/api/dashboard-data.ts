import type { AuthUser } from '@rcm/shared/auth';
import type { AlarmFilters } from '@/features/alarms/index.ts';
import { PHONE_QUERY } from '@/lib/breakpoints.ts';
import { fetchFirstTime, queryClient } from '@/lib/query-client.ts';
import { dashboardReads } from './dashboard-reads.ts';

/**
 * Starts the dashboard's requests as soon as the route knows the user, side by side with the page's
 * code instead of after its first render (the page reads the same cache entries): the alarm list and
 * the tiles' counts for these filters and, once per cache (emptied when the identity changes), the
 * panels (dashboardReads). That first time it resolves once the list and the counts are in, and on a
 * desktop the panels above the list too, so the screen is drawn whole in one render (a list arriving
 * afterwards was one long render of its own, a panel pushed the list down); on a phone the panels
 * follow the list and nothing waits for them. Later loads (a filter changed) resolve at once, the list
 * following.
 */
export async function loadDashboard(search: AlarmFilters, user: AuthUser | null): Promise<void> {
  const phone = window.matchMedia(PHONE_QUERY).matches;
  const reads = dashboardReads(search, user, phone);
  if (!reads) return;
  // Only the dashboard asks for the floods: not asked yet, this is its first load with this cache.
  const first = queryClient.getQueryState(reads.floods.queryKey) === undefined;
  const list = Promise.all([queryClient.prefetchQuery(reads.list), queryClient.prefetchQuery(reads.stats)]);
  const panels = Promise.all([
    fetchFirstTime(reads.floods),
    reads.jobStats && fetchFirstTime(reads.jobStats),
    reads.pagingWarnings && fetchFirstTime(reads.pagingWarnings),
    reads.oncallNow && fetchFirstTime(reads.oncallNow),
    reads.places && fetchFirstTime(reads.places),
  ]);
  if (first) await Promise.all([list, phone ? null : panels]);
}
