/**
 * The search params of the list pages (jobs, assets, inventory) and the reports: each route's
 * `validateSearch`. Unknown values are dropped rather than sent to the API.
 */
import {
  ASSET_TYPES,
  AVAILABILITIES,
  INVENTORY_SORTS,
  ITEM_TYPES,
  JOB_PRIORITIES,
  JOB_STATUSES,
  WARRANTY_STATES,
} from '@rcm/shared/filter-values';
import type { AssetFilters } from '../features/assets/api/assets.ts';
import type { InventoryFilters } from '../features/inventory/api/inventory.ts';
import { type JobFilters, splitList } from '../features/jobs/api/jobs.ts';

import { laterPage, positive, type Raw } from './search-params.ts';

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length < 200 ? v : undefined);
const oneOf = <T extends string>(v: unknown, values: readonly T[]) => (values.includes(v as T) ? (v as T) : undefined);

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

export function assetsSearch(raw: Raw): AssetFilters {
  return {
    q: str(raw.q),
    location_id: positive(raw.location_id),
    type: oneOf(raw.type, ASSET_TYPES),
    warranty: oneOf(raw.warranty, WARRANTY_STATES),
    page: laterPage(raw.page),
  };
}

export type InventoryTab = 'orders' | 'suppliers';
export type InventorySearch = InventoryFilters & { tab?: InventoryTab };

export function inventorySearch(raw: Raw): InventorySearch {
  return {
    q: str(raw.q),
    type: oneOf(raw.type, ITEM_TYPES),
    brand: str(raw.brand),
    availability: oneOf(raw.availability, [...AVAILABILITIES, 'needs_reorder'] as const),
    sort: oneOf(raw.sort, INVENTORY_SORTS),
    tab: oneOf(raw.tab, ['orders', 'suppliers'] as const),
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A report's filters; a missing or malformed date is left out (the page uses the last 30 days). */
export type ReportSearch = {
  from?: string;
  to?: string;
  location_id?: number;
  page?: number;
  status?: string;
  severity?: string;
};

export function reportSearch(raw: Raw): ReportSearch {
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  return {
    from: typeof raw.from === 'string' && DAY.test(raw.from) ? raw.from : undefined,
    to: typeof raw.to === 'string' && DAY.test(raw.to) ? raw.to : undefined,
    location_id: positive(raw.location_id),
    page: positive(raw.page),
    status: text(raw.status),
    severity: text(raw.severity),
  };
}
