export { notificationKeys } from './api/keys.ts';
