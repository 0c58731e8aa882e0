/** The dashboard's Offline Controllers panel. */
export const en = {
  description:
    'Controllers that have stopped reporting, longest silent first. Their alarms keep them on the dashboard.',
  close: 'Close panel',
  loading: 'Loading offline controllers…',
  error: 'The offline controllers could not be loaded.',
  emptyTitle: 'Everything is online',
  emptyBody: 'Every controller you can see is reporting.',
  count_one: '{{count}} controller offline',
  count_other: '{{count}} controllers offline',
  lastSeen: 'Last seen {{when}}',
  neverSeen: 'Never seen',
  activeAlarms_one: '{{count}} open alarm',
  activeAlarms_other: '{{count}} open alarms',
};
