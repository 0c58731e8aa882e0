import { AVAILABILITIES, INVENTORY_SORTS, ITEM_TYPES } from '@rcm/shared/filter-values';
import { oneOf, type Raw, shortText } from '@/lib/search-values.ts';
import type { InventoryFilters } from './inventory.ts';

/** The inventory page's search params (its route's `validateSearch`): unknown values are dropped. */
export type InventoryTab = 'orders' | 'suppliers';
export type InventorySearch = InventoryFilters & { tab?: InventoryTab };

export function inventorySearch(raw: Raw): InventorySearch {
  return {
    q: shortText(raw.q),
    type: oneOf(raw.type, ITEM_TYPES),
    brand: shortText(raw.brand),
    availability: oneOf(raw.availability, [...AVAILABILITIES, 'needs_reorder'] as const),
    sort: oneOf(raw.sort, INVENTORY_SORTS),
    tab: oneOf(raw.tab, ['orders', 'suppliers'] as const),
  };
}
