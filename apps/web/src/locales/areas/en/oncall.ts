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
