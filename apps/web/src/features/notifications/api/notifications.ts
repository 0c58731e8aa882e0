import type {
  EmailNotificationList,
  NotificationPreferences,
  NotificationPreferencesBody,
} from '@rcm/shared/notifications';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { notificationKeys } from './keys.ts';

export type EmailSource = { alarmRef: number } | { controllerId: number };

const sourcePath = (s: EmailSource) =>
  'alarmRef' in s ? `alarms/${s.alarmRef}/notifications` : `controllers/${s.controllerId}/notifications`;

export const emailNotificationsQuery = (source: EmailSource, page: number) =>
  queryOptions({
    queryKey: notificationKeys.emailPage(source, page),
    queryFn: () => api<EmailNotificationList>(`${sourcePath(source)}?page=${page}&per_page=10`),
    placeholderData: keepPreviousData,
  });

export const preferencesQuery = () =>
  queryOptions({
    queryKey: notificationKeys.preferences,
    queryFn: () => api<{ data: NotificationPreferences }>('account/notifications').then((r) => r.data),
  });

export const savePreferences = (body: NotificationPreferencesBody) =>
  api<{ data: NotificationPreferences }>('account/notifications', { method: 'PUT', body }).then((r) => r.data);
