/** The search page's query keys. */
export const searchKeys = {
  all: ['search'] as const,
  results: (q: string) => ['search', q] as const,
};
