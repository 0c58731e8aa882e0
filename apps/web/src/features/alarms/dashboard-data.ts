import type { AuthUser } from '@rcm/shared/auth';
import { PHONE_QUERY } from '../../lib/media.ts';
import { fetchFirstTime, queryClient } from '../../lib/query-client.ts';
import { userCan } from '../../lib/user-can.ts';
import { jobStatsQuery } from '../jobs/api/jobs.ts';
import { pagingWarningsQuery } from '../oncall/api.ts';
import { oncallNowQuery } from '../settings/api/oncall.ts';
import { type AlarmFilters, alarmStatsQuery, alarmsQuery, placeOptionsQuery } from './api/get-alarms.ts';
import { floodsQuery } from './api/get-floods.ts';
import { phoneDefault } from './components/quick-filters.tsx';

/**
 * What the dashboard asks for, from its URL filters: the alarm list (on a phone without filters of
 * its own, active alarms with critical on top) and the tiles' counts (the same filters but status).
 */
export function dashboardQueries(search: AlarmFilters, userId: number | undefined, phone: boolean) {
  const filters = phone && userId !== undefined ? phoneDefault(search, userId) : search;
  const { page: _p, sort: _s, status: _st, ...statFilters } = filters;
  return { filters, list: alarmsQuery(filters), stats: alarmStatsQuery(statFilters) };
}

/**
 * Starts the dashboard's requests as soon as the route knows the user, side by side with the page's
 * code instead of after its first render (the page reads the same cache entries): the alarm list and
 * the tiles' counts for these filters and, once per cache (emptied when the identity changes), the open
 * jobs tile, the flood banners, the paging warnings, "On call now" and, on a desktop, the filters'
 * options. That first time it resolves once the list and the counts are in, and on a desktop the
 * panels above the list too, so the screen is drawn whole in one render (a list arriving afterwards
 * was one long render of its own, a panel pushed the list down); on a phone the panels follow the
 * list and nothing waits for them. Later loads (a filter changed) resolve at once, the list following.
 */
export async function loadDashboard(search: AlarmFilters, user: AuthUser | null): Promise<void> {
  // Without alarms_view the dashboard only says so.
  if (!user || !userCan(user, 'alarm.view')) return;
  // Only the dashboard asks for the floods: not asked yet, this is its first load with this cache.
  const first = queryClient.getQueryState(floodsQuery().queryKey) === undefined;
  const phone = window.matchMedia(PHONE_QUERY).matches;
  const q = dashboardQueries(search, user.id, phone);
  const list = Promise.all([queryClient.prefetchQuery(q.list), queryClient.prefetchQuery(q.stats)]);
  const panels = Promise.all([
    fetchFirstTime(floodsQuery()),
    userCan(user, 'job.view') ? fetchFirstTime(jobStatsQuery({})) : null,
    userCan(user, 'settings.view') ? fetchFirstTime(pagingWarningsQuery()) : null,
    userCan(user, 'oncall.view') ? fetchFirstTime(oncallNowQuery()) : null,
    // On a phone the filters wait behind a button, and their options with them.
    phone ? null : fetchFirstTime(placeOptionsQuery(userCan(user, 'organization.viewAll'))),
  ]);
  if (first) await Promise.all([list, phone ? null : panels]);
}
