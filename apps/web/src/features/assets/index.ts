export { assetKeys } from './api/keys.ts';
