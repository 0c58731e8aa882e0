/** The alarms' query keys: `all` covers every alarm query; alarm types have a root of their own. */
export const alarmKeys = {
  all: ['alarms'] as const,
  list: (filters: object, perPage: number) => ['alarms', 'list', filters, perPage] as const,
  stats: (filters: object) => ['alarms', 'stats', filters] as const,
  places: (withOrganizations: boolean) => ['alarms', 'places', withOrganizations] as const,
  detail: (ref: number) => ['alarms', 'detail', ref] as const,
  metrics: (ref: number, range: { from: string; to: string }) => ['alarms', 'metrics', ref, range] as const,
  floods: ['alarms', 'floods'] as const,
  types: ['alarm-types'] as const,
};
