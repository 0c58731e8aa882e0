export { identityKeys } from './api/keys.ts';
