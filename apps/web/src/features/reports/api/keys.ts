/** The reports' query keys: `all` covers every report, `haccp` the HACCP log's lists. */
export const reportKeys = {
  all: ['reports'] as const,
  haccp: ['reports', 'haccp'] as const,
  haccpExcursions: (range: object, page: number) => ['reports', 'haccp', 'excursions', range, page] as const,
  haccpEntries: (kind: string, range: object, page: number) =>
    ['reports', 'haccp', 'entries', kind, range, page] as const,
  report: (name: string, filters: object) => ['reports', name, filters] as const,
  locations: ['reports', 'locations'] as const,
};
