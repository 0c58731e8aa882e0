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

/** Whether the dashboard has loaded before in this page: only its first load waits for its list. */
let loadedBefore = false;

/**
 * Starts the dashboard's requests as soon as the route knows the user, side by side with the page's
 * code and first render instead of after them (the page reads the same cache entries): the alarm list
 * and the tiles' counts for these filters; the first time also the open jobs tile, the flood banners
 * and, on a phone (where they follow the list and nothing waits for them), the paging warnings and
 * "On call now". When the dashboard is the page's first screen, resolves once the list and the counts
 * are in, so that screen is drawn whole in one render (a list arriving after it was one long render
 * of its own); afterwards (a filter changed, the page opened again) at once, the list following.
 */
export async function prefetchDashboard(search: AlarmFilters, user: AuthUser | null): Promise<void> {
  const first = !loadedBefore;
  loadedBefore = true;
  // Without alarms_view the dashboard only says so.
  if (!user || !userCan(user, 'alarm.view')) return;
  const phone = window.matchMedia(PHONE_QUERY).matches;
  void fetchFirstTime(floodsQuery());
  if (userCan(user, 'job.view')) void fetchFirstTime(jobStatsQuery({}));
  if (phone && userCan(user, 'settings.view')) void fetchFirstTime(pagingWarningsQuery());
  if (phone && userCan(user, 'oncall.view')) void fetchFirstTime(oncallNowQuery());
  const q = dashboardQueries(search, user.id, phone);
  const loading = Promise.all([queryClient.prefetchQuery(q.list), queryClient.prefetchQuery(q.stats)]);
  if (first) await loading;
}

/**
 * On a desktop the paging warnings, "On call now" and the filters sit above the alarm list: the route
 * waits for them the first time (side by side with the page's code), so they do not push the list
 * down or widen a filter when they arrive. On a phone they follow the list, and nothing waits.
 */
export async function ensureDashboardPanels(user: AuthUser | null): Promise<void> {
  if (!user || window.matchMedia(PHONE_QUERY).matches) return;
  await Promise.all([
    userCan(user, 'settings.view') ? fetchFirstTime(pagingWarningsQuery()) : null,
    userCan(user, 'oncall.view') ? fetchFirstTime(oncallNowQuery()) : null,
    userCan(user, 'alarm.view') ? fetchFirstTime(placeOptionsQuery(userCan(user, 'organization.viewAll'))) : null,
  ]);
}
