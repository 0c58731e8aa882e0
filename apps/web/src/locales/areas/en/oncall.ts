/** On call: who was paged for an alarm. */
export const en = {
  paged: 'Paged',
  pagesLoading: 'Loading pages…',
  pagesError: 'The pages could not be loaded.',
  pagesCaption: 'People paged for this alarm',
  noPagesTitle: 'Nobody paged',
  noPagesBody: 'This alarm’s escalation policy has not paged anyone yet.',
  nobodyPaged:
    'Nobody has been paged for this alarm yet. If it stays so, check that its alarm type or location has an escalation policy and that the on-call schedule has people on it.',
  warningsTitle_one: '1 high or critical alarm type would page nobody',
  warningsTitle_other: '{{count}} high or critical alarm types would page nobody',
  warningsMore_one: 'And 1 more organization.',
  warningsMore_other: 'And {{count}} more organizations.',
  warningsHint:
    'Nobody who may see these alarms is reached by their escalation policy: give the organization members, put people on the on-call schedule, or choose another policy.',
  warningsLink: 'Alarm types',
  step: 'Step',
  person: 'Person',
  channel: 'Channel',
  status: 'Status',
  at: 'Paged at',
  removedUser: 'Removed user',
  channels: { email: 'Email', sms: 'SMS', voice: 'Voice call', push: 'Push', webhook: 'Webhook' },
  statuses: {
    queued: 'Queued',
    sent: 'Sent',
    delivered: 'Delivered',
    failed: 'Failed',
    acknowledged: 'Acknowledged',
  },
};
