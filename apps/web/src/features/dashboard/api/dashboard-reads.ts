import type { AuthUser } from '@rcm/shared/auth';
// The first screen's inline script runs these reads: it imports the modules themselves, not the
// features' index.ts, whose other exports (components) it would carry too (the build refuses it).
import {
  type AlarmFilters,
  alarmStatsQuery,
  alarmsQuery,
  placeOptionsQuery,
} from '@/features/alarms/api/get-alarms.ts';
import { floodsQuery } from '@/features/alarms/api/get-floods.ts';
import { phoneDefault } from '@/features/alarms/quick-filter-search.ts';
import { jobStatsQuery } from '@/features/jobs/api/jobs.ts';
import { pagingWarningsQuery } from '@/features/oncall/api/paging.ts';
import { oncallNowQuery } from '@/features/oncall/api/schedules.ts';
import { userCan } from '@/lib/user-can.ts';

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
 * Everything the dashboard reads for its first screen: the list and the tiles' counts, and the panels
 * beside them the user may see (the open jobs tile, the flood banners, the paging warnings, "On call
 * now" and, on a desktop, the filters' options); nothing for a user who may not see alarms (the page
 * only says so). Plain query options, so the page's first script can ask for the same paths before the
 * app runs (app/first-reads.ts).
 */
export function dashboardReads(search: AlarmFilters, user: AuthUser | null, phone: boolean) {
  if (!user || !userCan(user, 'alarm.view')) return null;
  const q = dashboardQueries(search, user.id, phone);
  return {
    list: q.list,
    stats: q.stats,
    floods: floodsQuery(),
    jobStats: userCan(user, 'job.view') ? jobStatsQuery({}) : null,
    pagingWarnings: userCan(user, 'settings.view') ? pagingWarningsQuery() : null,
    oncallNow: userCan(user, 'oncall.view') ? oncallNowQuery() : null,
    // On a phone the filters wait behind a button, and their options with them.
    places: phone ? null : placeOptionsQuery(userCan(user, 'organization.viewAll')),
  };
}
