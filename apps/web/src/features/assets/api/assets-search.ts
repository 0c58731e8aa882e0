import { ASSET_TYPES, WARRANTY_STATES } from '@rcm/shared/filter-values';
import { laterPage, oneOf, positive, type Raw, shortText } from '@/lib/search-values.ts';
import type { AssetFilters } from './assets.ts';

/** The assets page's search params (its route's `validateSearch`): unknown values are dropped. */
export function assetsSearch(raw: Raw): AssetFilters {
  return {
    q: shortText(raw.q),
    location_id: positive(raw.location_id),
    type: oneOf(raw.type, ASSET_TYPES),
    warranty: oneOf(raw.warranty, WARRANTY_STATES),
    page: laterPage(raw.page),
  };
}
