export { jobKeys } from './api/keys.ts';
