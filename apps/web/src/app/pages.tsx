import type { RouteName } from '@rcm/shared/routes';
import { type ComponentType, lazy } from 'react';
import { LoginPage } from '../features/auth/login-page.tsx';

const SetupPage = lazy(() => import('../features/auth/setup-page.tsx').then((m) => ({ default: m.SetupPage })));
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);
const AccountPage = lazy(() =>
  import('../features/account/account-page.tsx').then((m) => ({ default: m.AccountPage })),
);
const LegalPage = lazy(() => import('../features/legal/legal-page.tsx').then((m) => ({ default: m.LegalPage })));
const ForbiddenPage = lazy(() =>
  import('../features/errors/forbidden-page.tsx').then((m) => ({ default: m.ForbiddenPage })),
);
const SearchPage = lazy(() => import('../features/search/search-page.tsx').then((m) => ({ default: m.SearchPage })));
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
const OrganizationsPage = lazy(() =>
  import('../features/organizations/pages/organizations-page.tsx').then((m) => ({ default: m.OrganizationsPage })),
);
const OrganizationViewPage = lazy(() =>
  import('../features/organizations/pages/organization-view-page.tsx').then((m) => ({
    default: m.OrganizationViewPage,
  })),
);
const OrganizationCreatePage = lazy(() =>
  import('../features/organizations/pages/organization-form-page.tsx').then((m) => ({
    default: m.OrganizationCreatePage,
  })),
);
const OrganizationEditPage = lazy(() =>
  import('../features/organizations/pages/organization-form-page.tsx').then((m) => ({
    default: m.OrganizationEditPage,
  })),
);
const LocationsPage = lazy(() =>
  import('../features/organizations/pages/locations-page.tsx').then((m) => ({ default: m.LocationsPage })),
);
const LocationCreatePage = lazy(() =>
  import('../features/organizations/pages/location-form-page.tsx').then((m) => ({ default: m.LocationCreatePage })),
);
const LocationEditPage = lazy(() =>
  import('../features/organizations/pages/location-form-page.tsx').then((m) => ({ default: m.LocationEditPage })),
);
const InvitationAcceptPage = lazy(() =>
  import('../features/organizations/pages/invitation-accept-page.tsx').then((m) => ({
    default: m.InvitationAcceptPage,
  })),
);
const InventoryPage = lazy(() =>
  import('../features/inventory/pages/inventory-page.tsx').then((m) => ({ default: m.InventoryPage })),
);
const AssetsPage = lazy(() =>
  import('../features/assets/pages/assets-page.tsx').then((m) => ({ default: m.AssetsPage })),
);
const JobsPage = lazy(() => import('../features/jobs/pages/jobs-page.tsx').then((m) => ({ default: m.JobsPage })));
const JobViewPage = lazy(() =>
  import('../features/jobs/pages/job-view-page.tsx').then((m) => ({ default: m.JobViewPage })),
);
const SettingsIndexPage = lazy(() =>
  import('../features/settings/pages/settings-page.tsx').then((m) => ({ default: m.SettingsPage })),
);
const SettingsUsersPage = lazy(() =>
  import('../features/settings/pages/users-page.tsx').then((m) => ({ default: m.UsersPage })),
);
const SettingsUserCreatePage = lazy(() =>
  import('../features/settings/pages/user-create-page.tsx').then((m) => ({ default: m.UserCreatePage })),
);
const SettingsUserEditPage = lazy(() =>
  import('../features/settings/pages/user-edit-page.tsx').then((m) => ({ default: m.UserEditPage })),
);
const SettingsTeamsPage = lazy(() =>
  import('../features/settings/pages/teams-page.tsx').then((m) => ({ default: m.TeamsPage })),
);
const SettingsTeamEditPage = lazy(() =>
  import('../features/settings/pages/team-edit-page.tsx').then((m) => ({ default: m.TeamEditPage })),
);
const SettingsRolesPage = lazy(() =>
  import('../features/settings/pages/roles-page.tsx').then((m) => ({ default: m.RolesPage })),
);
const SettingsRoleEditPage = lazy(() =>
  import('../features/settings/pages/role-edit-page.tsx').then((m) => ({ default: m.RoleEditPage })),
);
const SettingsAlarmTypesPage = lazy(() =>
  import('../features/settings/pages/alarm-types-page.tsx').then((m) => ({ default: m.AlarmTypesPage })),
);
const SettingsAlarmTypeEditPage = lazy(() =>
  import('../features/settings/pages/alarm-type-edit-page.tsx').then((m) => ({ default: m.AlarmTypeEditPage })),
);
const SettingsJobCategoriesPage = lazy(() =>
  import('../features/settings/pages/job-categories-page.tsx').then((m) => ({ default: m.JobCategoriesPage })),
);
const SettingsAuditLogPage = lazy(() =>
  import('../features/settings/pages/audit-log-page.tsx').then((m) => ({ default: m.AuditLogPage })),
);
const SettingsBackupsPage = lazy(() =>
  import('../features/settings/pages/backups-page.tsx').then((m) => ({ default: m.BackupsPage })),
);
const ReportsIndexPage = lazy(() =>
  import('../features/reports/pages/reports-index-page.tsx').then((m) => ({ default: m.ReportsIndexPage })),
);
const UriPurchaseOrdersPage = lazy(() =>
  import('../features/reports/pages/uri-purchase-orders-page.tsx').then((m) => ({ default: m.UriPurchaseOrdersPage })),
);
const RackManuallyOnPage = lazy(() =>
  import('../features/reports/pages/rack-manually-on-page.tsx').then((m) => ({ default: m.RackManuallyOnPage })),
);
const HaccpPage = lazy(() =>
  import('../features/reports/pages/haccp-page.tsx').then((m) => ({ default: m.HaccpPage })),
);
const AlarmResponsePage = lazy(() =>
  import('../features/reports/pages/alarm-response-page.tsx').then((m) => ({ default: m.AlarmResponsePage })),
);
const RefrigerantReportPage = lazy(() =>
  import('../features/reports/pages/refrigerant-page.tsx').then((m) => ({ default: m.RefrigerantReportPage })),
);
const AlarmManagementReportPage = lazy(() =>
  import('../features/reports/pages/alarm-management-page.tsx').then((m) => ({
    default: m.AlarmManagementReportPage,
  })),
);

export const PAGES: Partial<Record<RouteName, ComponentType>> = {
  login: LoginPage,
  setup: SetupPage,
  'password.forgot': ForgotPasswordPage,
  'password.reset': ResetPasswordPage,
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
  jobs: JobsPage,
  'jobs.view': JobViewPage,
  inventory: InventoryPage,
  assets: AssetsPage,
  organizations: OrganizationsPage,
  'organizations.create': OrganizationCreatePage,
  'organizations.view': OrganizationViewPage,
  'organizations.edit': OrganizationEditPage,
  'organizations.locations.create': LocationCreatePage,
  'organizations.locations.edit': LocationEditPage,
  locations: LocationsPage,
  reports: ReportsIndexPage,
  'reports.uri_purchase_orders': UriPurchaseOrdersPage,
  'reports.rack_manually_on': RackManuallyOnPage,
  'reports.haccp': HaccpPage,
  'reports.alarm_response': AlarmResponsePage,
  'reports.refrigerant': RefrigerantReportPage,
  'reports.alarm_management': AlarmManagementReportPage,
  'invitation.accept': InvitationAcceptPage,
  settings: SettingsIndexPage,
  'settings.users': SettingsUsersPage,
  'settings.users.create': SettingsUserCreatePage,
  'settings.users.edit': SettingsUserEditPage,
  'settings.teams': SettingsTeamsPage,
  'settings.teams.edit': SettingsTeamEditPage,
  'settings.roles': SettingsRolesPage,
  'settings.roles.edit': SettingsRoleEditPage,
  'settings.alarm_types': SettingsAlarmTypesPage,
  'settings.alarm_types.edit': SettingsAlarmTypeEditPage,
  'settings.job_categories': SettingsJobCategoriesPage,
  'settings.audit_log': SettingsAuditLogPage,
  'settings.backups': SettingsBackupsPage,
};
