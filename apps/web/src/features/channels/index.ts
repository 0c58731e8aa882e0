export { channelKeys } from './api/keys.ts';
