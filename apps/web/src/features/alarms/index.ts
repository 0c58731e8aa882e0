export { alarmKeys } from './api/keys.ts';
