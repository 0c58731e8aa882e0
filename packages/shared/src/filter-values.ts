/**
 * The values of the SPA's list filters that its URL validators check, and the dashboard's job
 * statuses. A module without zod: the router, these validators and the dashboard are part of the
 * first page's bundle.
 */

/** Job statuses and priorities. */
export const JOB_STATUSES = ['New', 'Started', 'On Hold', 'Closed'] as const;
export const JOB_PRIORITIES = ['URGENT', 'HIGH', 'MEDIUM', 'LOW'] as const;
/** The statuses the dashboard's "Zuper Jobs" tile counts as open. */
export const OPEN_JOB_STATUSES = ['New', 'Started', 'On Hold'] as const;

export const ASSET_TYPES = ['rack', 'compressor', 'condenser', 'display_case', 'walk_in', 'controller'] as const;
export const WARRANTY_STATES = ['active', 'expiring', 'expired', 'none'] as const;

/** Kinds of parts held in stock. */
export const ITEM_TYPES = [
  'valve',
  'compressor',
  'filter_drier',
  'contactor',
  'refrigerant',
  'sensor',
  'fan_motor',
  'controller',
  'other',
] as const;
export const AVAILABILITIES = ['in_stock', 'low_stock', 'out_of_stock'] as const;

/** The inventory list's orders: a column, descending when prefixed with `-`. */
export const INVENTORY_SORTS = [
  'product_name',
  '-product_name',
  'part_number',
  '-part_number',
  'quantity',
  '-quantity',
  'unit_price',
  '-unit_price',
] as const;
