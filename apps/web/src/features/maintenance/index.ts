export { maintenanceKeys } from './api/keys.ts';
