import type { JobFilters } from './jobs.ts';

/** The jobs' query keys: `all` covers every job query. */
export const jobKeys = {
  all: ['jobs'] as const,
  list: (filters: JobFilters) => ['jobs', 'list', filters] as const,
  stats: (filters: Pick<JobFilters, 'categories' | 'priorities'>) => ['jobs', 'stats', filters] as const,
  detail: (id: number) => ['jobs', 'detail', id] as const,
  categories: ['jobs', 'categories'] as const,
  locations: ['jobs', 'locations'] as const,
  assignable: (id: number) => ['jobs', 'assignable', id] as const,
};
