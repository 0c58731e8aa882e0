/** Channels: one-tap acknowledge links. */
export const en = {
  ack: {
    loadingTitle: 'Loading the alarm…',
    title: 'Alarm #{{ref}}',
    for: 'Sent to {{name}}',
    invalidTitle: 'This link does not work',
    invalid:
      'This acknowledge link is unknown or has expired (links work for 24 hours). Open the console to act on the alarm.',
    forbidden: 'You may no longer acknowledge this alarm. Ask your administrator if that is wrong.',
    status: 'Status',
    what: 'What',
    where: 'Where',
    since: 'Since',
    submit: 'Acknowledge',
    submitting: 'Acknowledging…',
    done: 'Acknowledged. Nobody else is paged for this alarm.',
    used: 'This link was already used: the alarm is acknowledged.',
    already_acknowledged: 'Someone already acknowledged this alarm.',
    already_cleared: 'This alarm is cleared: there is nothing to acknowledge.',
    open: 'Open the alarm in the console',
    signIn: 'Sign in to see the alarm in the console',
  },
};
