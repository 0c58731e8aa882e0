export { refrigerantKeys } from './api/keys.ts';
