export { controllerKeys } from './api/keys.ts';
