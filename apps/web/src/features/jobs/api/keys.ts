/** The jobs' query keys: `all` covers every job query. */
export const jobKeys = {
  all: ['jobs'] as const,
  list: (filters: object) => ['jobs', 'list', filters] as const,
  stats: (filters: object) => ['jobs', 'stats', filters] as const,
  detail: (id: number) => ['jobs', 'detail', id] as const,
  categories: ['jobs', 'categories'] as const,
  /** One page of the categories' settings list (under `categories`, so a change refreshes both). */
  categoryPage: (page: number) => ['jobs', 'categories', 'page', page] as const,
  locations: ['jobs', 'locations'] as const,
  assignable: (id: number) => ['jobs', 'assignable', id] as const,
};
