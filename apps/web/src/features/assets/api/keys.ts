/** The assets' query keys: `all` covers every asset query. */
export const assetKeys = {
  all: ['assets'] as const,
  list: (filters: object) => ['assets', 'list', filters] as const,
  options: ['assets', 'options'] as const,
};
