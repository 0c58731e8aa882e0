import { JOB_PRIORITIES, JOB_STATUSES } from '@rcm/shared/filter-values';
import { laterPage, type Raw } from '@/lib/search-values.ts';
import { type JobFilters, splitList } from './jobs.ts';

/** The jobs page's search params (its route's `validateSearch`): unknown values are dropped. */
export function jobsSearch(raw: Raw): JobFilters {
  const status = JOB_STATUSES.find((s) => s === raw.status);
  const categories = splitList(raw.categories as string | number | undefined).filter((c) => /^[1-9]\d{0,8}$/.test(c));
  const priorities = splitList(raw.priorities as string | undefined).filter((p) =>
    (JOB_PRIORITIES as readonly string[]).includes(p),
  );
  return {
    status,
    categories: categories.length ? categories.join(',') : undefined,
    priorities: priorities.length ? priorities.join(',') : undefined,
    page: laterPage(raw.page),
  };
}
