import type { ROUTES } from '@rcm/shared/routes';
import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page.tsx';

const SetupPage = lazyRouteComponent(() => import('../features/auth/setup-page.tsx'), 'SetupPage');
const ForgotPasswordPage = lazyRouteComponent(
  () => import('../features/auth/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyRouteComponent(
  () => import('../features/auth/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const AckPage = lazyRouteComponent(() => import('../features/channels/ack-page.tsx'), 'AckPage');
const AccountPage = lazyRouteComponent(() => import('../features/account/account-page.tsx'), 'AccountPage');
const LegalPage = lazyRouteComponent(() => import('../features/legal/legal-page.tsx'), 'LegalPage');
const ForbiddenPage = lazyRouteComponent(() => import('../features/errors/forbidden-page.tsx'), 'ForbiddenPage');
const SearchPage = lazyRouteComponent(() => import('../features/search/search-page.tsx'), 'SearchPage');
const DashboardPage = lazyRouteComponent(() => import('../features/alarms/pages/dashboard-page.tsx'), 'DashboardPage');
const AlarmViewPage = lazyRouteComponent(() => import('../features/alarms/pages/alarm-view-page.tsx'), 'AlarmViewPage');
const ControllersPage = lazyRouteComponent(
  () => import('../features/controllers/pages/controllers-page.tsx'),
  'ControllersPage',
);
const ControllerViewPage = lazyRouteComponent(
  () => import('../features/controllers/pages/controller-view-page.tsx'),
  'ControllerViewPage',
);
const ControllerEditPage = lazyRouteComponent(
  () => import('../features/controllers/pages/controller-edit-page.tsx'),
  'ControllerEditPage',
);
const ControllerAuthorisePage = lazyRouteComponent(
  () => import('../features/controllers/pages/controller-authorise-page.tsx'),
  'ControllerAuthorisePage',
);
const OrganizationsPage = lazyRouteComponent(
  () => import('../features/organizations/pages/organizations-page.tsx'),
  'OrganizationsPage',
);
const OrganizationViewPage = lazyRouteComponent(
  () => import('../features/organizations/pages/organization-view-page.tsx'),
  'OrganizationViewPage',
);
const OrganizationCreatePage = lazyRouteComponent(
  () => import('../features/organizations/pages/organization-form-page.tsx'),
  'OrganizationCreatePage',
);
const OrganizationEditPage = lazyRouteComponent(
  () => import('../features/organizations/pages/organization-form-page.tsx'),
  'OrganizationEditPage',
);
const LocationsPage = lazyRouteComponent(
  () => import('../features/organizations/pages/locations-page.tsx'),
  'LocationsPage',
);
const LocationCreatePage = lazyRouteComponent(
  () => import('../features/organizations/pages/location-form-page.tsx'),
  'LocationCreatePage',
);
const LocationEditPage = lazyRouteComponent(
  () => import('../features/organizations/pages/location-form-page.tsx'),
  'LocationEditPage',
);
const InvitationAcceptPage = lazyRouteComponent(
  () => import('../features/organizations/pages/invitation-accept-page.tsx'),
  'InvitationAcceptPage',
);
const InventoryPage = lazyRouteComponent(
  () => import('../features/inventory/pages/inventory-page.tsx'),
  'InventoryPage',
);
const AssetsPage = lazyRouteComponent(() => import('../features/assets/pages/assets-page.tsx'), 'AssetsPage');
const JobsPage = lazyRouteComponent(() => import('../features/jobs/pages/jobs-page.tsx'), 'JobsPage');
const JobViewPage = lazyRouteComponent(() => import('../features/jobs/pages/job-view-page.tsx'), 'JobViewPage');
const SettingsIndexPage = lazyRouteComponent(
  () => import('../features/settings/pages/settings-page.tsx'),
  'SettingsPage',
);
const SettingsUsersPage = lazyRouteComponent(() => import('../features/settings/pages/users-page.tsx'), 'UsersPage');
const SettingsUserCreatePage = lazyRouteComponent(
  () => import('../features/settings/pages/user-create-page.tsx'),
  'UserCreatePage',
);
const SettingsUserEditPage = lazyRouteComponent(
  () => import('../features/settings/pages/user-edit-page.tsx'),
  'UserEditPage',
);
const SettingsTeamsPage = lazyRouteComponent(() => import('../features/settings/pages/teams-page.tsx'), 'TeamsPage');
const SettingsTeamEditPage = lazyRouteComponent(
  () => import('../features/settings/pages/team-edit-page.tsx'),
  'TeamEditPage',
);
const SettingsRolesPage = lazyRouteComponent(() => import('../features/settings/pages/roles-page.tsx'), 'RolesPage');
const SettingsRoleEditPage = lazyRouteComponent(
  () => import('../features/settings/pages/role-edit-page.tsx'),
  'RoleEditPage',
);
const SettingsAlarmTypesPage = lazyRouteComponent(
  () => import('../features/settings/pages/alarm-types-page.tsx'),
  'AlarmTypesPage',
);
const SettingsAlarmTypeEditPage = lazyRouteComponent(
  () => import('../features/settings/pages/alarm-type-edit-page.tsx'),
  'AlarmTypeEditPage',
);
const SettingsJobCategoriesPage = lazyRouteComponent(
  () => import('../features/settings/pages/job-categories-page.tsx'),
  'JobCategoriesPage',
);
const SettingsWebhooksPage = lazyRouteComponent(
  () => import('../features/settings/pages/webhooks-page.tsx'),
  'WebhooksPage',
);
const SettingsAuditLogPage = lazyRouteComponent(
  () => import('../features/settings/pages/audit-log-page.tsx'),
  'AuditLogPage',
);
const SettingsBackupsPage = lazyRouteComponent(
  () => import('../features/settings/pages/backups-page.tsx'),
  'BackupsPage',
);
const SettingsEmailPage = lazyRouteComponent(
  () => import('../features/settings/pages/email-page.tsx'),
  'EmailSettingsPage',
);
const ConnectControllerPage = lazyRouteComponent(
  () => import('../features/onboarding/connect-controller-page.tsx'),
  'ConnectControllerPage',
);
const SettingsOncallPage = lazyRouteComponent(() => import('../features/settings/pages/oncall-page.tsx'), 'OncallPage');
const ReportsIndexPage = lazyRouteComponent(
  () => import('../features/reports/pages/reports-index-page.tsx'),
  'ReportsIndexPage',
);
const UriPurchaseOrdersPage = lazyRouteComponent(
  () => import('../features/reports/pages/uri-purchase-orders-page.tsx'),
  'UriPurchaseOrdersPage',
);
const RackManuallyOnPage = lazyRouteComponent(
  () => import('../features/reports/pages/rack-manually-on-page.tsx'),
  'RackManuallyOnPage',
);
const HaccpPage = lazyRouteComponent(() => import('../features/reports/pages/haccp-page.tsx'), 'HaccpPage');
const AlarmResponsePage = lazyRouteComponent(
  () => import('../features/reports/pages/alarm-response-page.tsx'),
  'AlarmResponsePage',
);
const RefrigerantReportPage = lazyRouteComponent(
  () => import('../features/reports/pages/refrigerant-page.tsx'),
  'RefrigerantReportPage',
);
const AlarmManagementReportPage = lazyRouteComponent(
  () => import('../features/reports/pages/alarm-management-page.tsx'),
  'AlarmManagementReportPage',
);
const CasePerformancePage = lazyRouteComponent(
  () => import('../features/reports/pages/case-performance-page.tsx'),
  'CasePerformancePage',
);

/**
 * Every route's page. All but the sign-in page are chunks of their own, loaded by the router when
 * the route loads or is preloaded (a link's hover), so the page's code is ready when it renders.
 */
export const PAGES = {
  login: LoginPage,
  setup: SetupPage,
  'password.forgot': ForgotPasswordPage,
  'password.reset': ResetPasswordPage,
  home: DashboardPage,
  controllers: ControllersPage,
  'controllers.view': ControllerViewPage,
  'controllers.edit': ControllerEditPage,
  'controllers.authorise': ControllerAuthorisePage,
  'controllers.connect': ConnectControllerPage,
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
  'reports.case_performance': CasePerformancePage,
  'invitation.accept': InvitationAcceptPage,
  ack: AckPage,
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
  'settings.webhooks': SettingsWebhooksPage,
  'settings.audit_log': SettingsAuditLogPage,
  'settings.backups': SettingsBackupsPage,
  'settings.email': SettingsEmailPage,
  'settings.oncall': SettingsOncallPage,
} satisfies Record<(typeof ROUTES)[number]['name'], RouteComponent>;
