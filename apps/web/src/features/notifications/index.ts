export { notificationKeys } from './api/keys.ts';
export { EmailNotificationsTable } from './email-notifications-table.tsx';
export { NotificationPreferencesSection } from './notification-preferences.tsx';
