/** The shared list (components/ui/data-table.tsx): its states and sort buttons. */
export const en = {
  retry: 'Try again',
  loadError: 'The list could not be loaded.',
  emptyTitle: 'Nothing here yet',
  sortBy: 'Sort by {{column}}',
  actions: 'Actions',
};
