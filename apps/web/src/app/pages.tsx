import type { RouteName } from '@rcm/shared/routes';
import { type ComponentType, lazy } from 'react';
import { LoginPage } from '../features/auth/login-page.tsx';

const AccountPage = lazy(() =>
  import('../features/account/account-page.tsx').then((m) => ({ default: m.AccountPage })),
);
const LegalPage = lazy(() => import('../features/legal/legal-page.tsx').then((m) => ({ default: m.LegalPage })));
const ForbiddenPage = lazy(() =>
  import('../features/errors/forbidden-page.tsx').then((m) => ({ default: m.ForbiddenPage })),
);
const SearchPage = lazy(() => import('../features/sections/search-page.tsx').then((m) => ({ default: m.SearchPage })));
const DashboardPage = lazy(() =>
  import('../features/alarms/pages/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
);
const AlarmViewPage = lazy(() =>
  import('../features/alarms/pages/alarm-view-page.tsx').then((m) => ({ default: m.AlarmViewPage })),
);
const SectionPage = lazy(() =>
  import('../features/sections/section-page.tsx').then((m) => ({ default: m.SectionPage })),
);

/** Which catalog section (sections.<key>) frames a route that its own issue has not filled yet. */
export const SECTION_KEYS: Partial<Record<RouteName, string>> = {
  locations: 'locations',
  controllers: 'controllers',
  inventory: 'inventory',
  assets: 'assets',
  reports: 'reports',
  'reports.uri_purchase_orders': 'reportsUri',
  'reports.rack_manually_on': 'reportsRackManuallyOn',
  jobs: 'jobs',
  'jobs.view': 'jobView',
  organizations: 'organizations',
  'organizations.create': 'organizationCreate',
  'organizations.view': 'organizationView',
  'organizations.edit': 'organizationEdit',
  'organizations.locations.create': 'locationCreate',
  'organizations.locations.edit': 'locationEdit',
  'controllers.view': 'controllerView',
  'controllers.edit': 'controllerEdit',
  'controllers.authorise': 'controllerAuthorise',
  settings: 'settings',
  'settings.users': 'settingsUsers',
  'settings.users.edit': 'settingsUserEdit',
  'settings.teams': 'settingsTeams',
  'settings.teams.edit': 'settingsTeamEdit',
  'settings.roles': 'settingsRoles',
  'settings.roles.edit': 'settingsRoleEdit',
  'settings.alarm_types': 'settingsAlarmTypes',
  'settings.alarm_types.edit': 'settingsAlarmTypeEdit',
};

export const PAGES: Partial<Record<RouteName, ComponentType>> = {
  login: LoginPage,
  home: DashboardPage,
  'alarms.view': AlarmViewPage,
  account: AccountPage,
  legal: LegalPage,
  '403': ForbiddenPage,
  search: SearchPage,
};

export { SectionPage };
