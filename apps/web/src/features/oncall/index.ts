export { escalationPolicyKeys, oncallKeys } from './api/keys.ts';
