export { webhookKeys } from './api/keys.ts';
