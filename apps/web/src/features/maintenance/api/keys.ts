/** The maintenance windows' query keys: `all` covers every page of every filter. */
export const maintenanceKeys = {
  all: ['maintenance-windows'] as const,
  list: (filter: object, page: number) => ['maintenance-windows', filter, page] as const,
};
