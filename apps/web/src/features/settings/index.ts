export { rolesQuery } from './api/settings.ts';
