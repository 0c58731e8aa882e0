/** The webhooks' query keys: `all` covers every page of the list and every delivery log. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (page: number) => ['webhooks', 'list', page] as const,
  deliveries: (id: number, page: number) => ['webhooks', id, 'deliveries', page] as const,
};
