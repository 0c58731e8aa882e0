import type { AlarmFilters } from './api/get-alarms.ts';

/** The phone's one-tap views of the alarm list; each replaces the status, severity, person and sort filters. */
export type QuickFilter = 'active' | 'critical' | 'mine';

/** What each quick filter asks the list for: active first, critical on top. */
export function quickFilterSearch(quick: QuickFilter, userId: number): Partial<AlarmFilters> {
  const reset = { severity: undefined, paged_user_id: undefined, page: undefined };
  if (quick === 'critical') return { ...reset, status: 'active', severity: 'critical', sort: '-raised_at' };
  if (quick === 'mine') return { ...reset, status: 'active,acknowledged', paged_user_id: userId, sort: '-severity' };
  return { ...reset, status: 'active', sort: '-severity' };
}

/** The quick filter the URL's filters amount to, if any. */
export function quickFilterOf(filters: AlarmFilters, userId: number): QuickFilter | null {
  for (const quick of ['active', 'critical', 'mine'] as const) {
    const want = quickFilterSearch(quick, userId);
    if (
      filters.status === want.status &&
      filters.severity === want.severity &&
      filters.paged_user_id === want.paged_user_id &&
      (filters.sort ?? '-raised_at') === want.sort
    )
      return quick;
  }
  return null;
}

/**
 * The phone's default list (no filter or sort of its own in the URL): active alarms, critical on top,
 * so an on-call technician's first screen shows what to acknowledge.
 */
export function phoneDefault(filters: AlarmFilters, userId: number): AlarmFilters {
  const own = filters.status || filters.severity || filters.sort || filters.paged_user_id || filters.type;
  return own ? filters : { ...filters, ...quickFilterSearch('active', userId) };
}
