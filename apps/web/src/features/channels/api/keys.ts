/**
 * The channels' query keys. How the signed-in person is reached is part of their account, so those keys
 * sit under `account` (`account` covers them all); the alarm view's "What reached you" and the
 * acknowledge page's link have roots of their own.
 */
export const channelKeys = {
  account: ['account'] as const,
  channels: ['account', 'channels'] as const,
  contactMethods: ['account', 'contact-methods'] as const,
  notificationRules: ['account', 'notification-rules'] as const,
  pushPublicKey: ['account', 'push-public-key'] as const,
  pushSubscriptions: ['account', 'push-subscriptions'] as const,
  myPages: (ref: number) => ['channels', 'my-pages', ref] as const,
  ackLink: (token: string) => ['ack-link', token] as const,
};
