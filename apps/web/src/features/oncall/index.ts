export { oncallKeys } from './api/keys.ts';
