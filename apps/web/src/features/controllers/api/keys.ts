/** The controllers' query keys: `all` covers every controller query, the pending ones included. */
export const controllerKeys = {
  all: ['controllers'] as const,
  list: (filters: object) => ['controllers', 'list', filters] as const,
  detail: (id: number) => ['controllers', 'detail', id] as const,
  racks: (id: number) => ['controllers', 'racks', id] as const,
  metrics: (id: number, range: { from: number; to: number }) => ['controllers', 'metrics', id, range] as const,
  /** Controllers waiting to be authorized (the shell's pending panel, onboarding). */
  unauthorized: ['controllers', 'unauthorised'] as const,
  /** Whether the installation has any controller yet (`lib/installation.ts`). */
  any: ['controllers', 'any'] as const,
};
