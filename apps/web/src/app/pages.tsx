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
const ControllersPage = lazy(() =>
  import('../features/controllers/pages/controllers-page.tsx').then((m) => ({ default: m.ControllersPage })),
);
const ControllerViewPage = lazy(() =>
  import('../features/controllers/pages/controller-view-page.tsx').then((m) => ({ default: m.ControllerViewPage })),
);
const ControllerEditPage = lazy(() =>
  import('../features/controllers/pages/controller-edit-page.tsx').then((m) => ({ default: m.ControllerEditPage })),
);
const ControllerAuthorisePage = lazy(() =>
  import('../features/controllers/pages/controller-authorise-page.tsx').then((m) => ({
    default: m.ControllerAuthorisePage,
  })),
);
const SectionPage = lazy(() =>
  import('../features/sections/section-page.tsx').then((m) => ({ default: m.SectionPage })),
);

/** Which catalog section (sections.<key>) frames a route that its own issue has not filled yet. */
export const SECTION_KEYS: Partial<Record<RouteName, string>> = {
  locations: 'locations',
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
  controllers: ControllersPage,
  'controllers.view': ControllerViewPage,
  'controllers.edit': ControllerEditPage,
  'controllers.authorise': ControllerAuthorisePage,
  'alarms.view': AlarmViewPage,
  account: AccountPage,
  legal: LegalPage,
  '403': ForbiddenPage,
  search: SearchPage,
};

export { SectionPage };
