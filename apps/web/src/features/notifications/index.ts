export { notificationKeys } from './api/keys.ts';
export { EmailNotificationsTable } from './components/email-notifications-table.tsx';
export { NotificationPreferencesSection } from './components/notification-preferences.tsx';
