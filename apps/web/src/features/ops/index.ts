export { storageQuery } from './api/backups.ts';
export { opsKeys } from './api/keys.ts';
