export { invitationKeys, locationKeys, organizationKeys } from './api/keys.ts';
