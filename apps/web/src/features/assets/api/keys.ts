import type { AssetFilters } from './assets.ts';

/** The assets' query keys: `all` covers every asset query. */
export const assetKeys = {
  all: ['assets'] as const,
  list: (filters: AssetFilters) => ['assets', 'list', filters] as const,
  options: ['assets', 'options'] as const,
};
