/** The inventory items' query keys: `all` covers every item query. */
export const inventoryKeys = {
  all: ['inventory'] as const,
  list: (filters: object, page: number) => ['inventory', 'list', filters, page] as const,
  brands: ['inventory', 'brands'] as const,
  needsReorder: ['inventory', 'needs-reorder'] as const,
};

/** The suppliers' query keys: `all` covers every page. */
export const supplierKeys = {
  all: ['suppliers'] as const,
  list: (includeArchived: boolean, page: number) => ['suppliers', { includeArchived, page }] as const,
};

/** The purchase orders' query keys: `all` covers lists, details and options; `lists` every list page. */
export const purchaseOrderKeys = {
  all: ['purchase-orders'] as const,
  lists: ['purchase-orders', 'list'] as const,
  list: (status: string | undefined, page: number) => ['purchase-orders', 'list', status ?? '', page] as const,
  detail: (id: number) => ['purchase-orders', 'detail', id] as const,
  options: ['purchase-orders', 'options'] as const,
};
