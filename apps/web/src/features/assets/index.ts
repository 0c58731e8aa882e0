export { assetsSearch } from './api/assets-search.ts';
export { assetKeys } from './api/keys.ts';
