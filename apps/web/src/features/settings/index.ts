export { settingsKeys } from './api/keys.ts';
export {
  alarmTypeQuery,
  alarmTypesQuery,
  organizationLocationsQuery,
  organizationOptionsQuery,
  rolesQuery,
  teamsQuery,
  updateAlarmType,
  usersQuery,
} from './api/settings.ts';
export { OwnerSelect } from './components/owner-select.tsx';
