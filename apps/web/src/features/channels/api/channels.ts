import type {
  ChannelAvailability,
  ContactMethod,
  ContactMethodBody,
  MyAlarmPage,
  NotificationRule,
  NotificationRuleView,
  PushPublicKey,
  PushSubscriptionView,
} from '@rcm/shared/channels';
import type { ListMeta } from '@rcm/shared/pagination';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { channelKeys } from './keys.ts';

export const channelsQuery = () =>
  queryOptions({
    queryKey: channelKeys.channels,
    queryFn: () => api<{ data: ChannelAvailability }>('account/channels').then((r) => r.data),
  });

/** The person's numbers (a handful: the first 100 cover them). */
export const contactMethodsQuery = () =>
  queryOptions({
    queryKey: channelKeys.contactMethods,
    queryFn: () =>
      api<{ data: ContactMethod[]; meta: ListMeta }>('account/contact-methods?per_page=100').then((r) => r.data),
  });

export const rulesQuery = () =>
  queryOptions({
    queryKey: channelKeys.notificationRules,
    queryFn: () => api<{ data: NotificationRuleView[] }>('account/notification-rules').then((r) => r.data),
  });

export const addContactMethod = (body: ContactMethodBody) =>
  api<{ data: ContactMethod }>('account/contact-methods', { method: 'POST', body }).then((r) => r.data);
export const verifyContactMethod = (id: number, code: string) =>
  api<{ data: ContactMethod }>(`account/contact-methods/${id}/verify`, { method: 'POST', body: { code } }).then(
    (r) => r.data,
  );
export const resendCode = (id: number) =>
  api<{ data: ContactMethod }>(`account/contact-methods/${id}/resend`, { method: 'POST' }).then((r) => r.data);
export const removeContactMethod = (id: number) => api<null>(`account/contact-methods/${id}`, { method: 'DELETE' });
export const saveRules = (rules: NotificationRule[]) =>
  api<{ data: NotificationRuleView[] }>('account/notification-rules', { method: 'PUT', body: rules }).then(
    (r) => r.data,
  );

export const pushPublicKeyQuery = () =>
  queryOptions({
    queryKey: channelKeys.pushPublicKey,
    queryFn: () => api<{ data: PushPublicKey }>('push/public-key').then((r) => r.data.public_key),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The person's devices with push (a handful: the first 100 cover them). */
export const pushSubscriptionsQuery = () =>
  queryOptions({
    queryKey: channelKeys.pushSubscriptions,
    queryFn: () =>
      api<{ data: PushSubscriptionView[]; meta: ListMeta }>('account/push-subscriptions?per_page=100').then(
        (r) => r.data,
      ),
  });

export const savePushSubscription = (subscription: PushSubscriptionJSON) =>
  api<{ data: PushSubscriptionView }>('account/push-subscriptions', { method: 'POST', body: subscription }).then(
    (r) => r.data,
  );
export const removePushSubscription = (id: number) =>
  api<null>(`account/push-subscriptions/${id}`, { method: 'DELETE' });

/** What reached the signed-in person about an alarm, with their one-tap links (the alarm view). */
export const myAlarmPagesQuery = (ref: number) =>
  queryOptions({
    queryKey: channelKeys.myPages(ref),
    queryFn: () => api<{ data: MyAlarmPage[] }>(`alarms/${ref}/my-pages`).then((r) => r.data),
  });
