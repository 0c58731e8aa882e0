import type { ROUTES } from '@rcm/shared/routes';

export type PageName = (typeof ROUTES)[number]['name'];

/**
 * Every route's page: its module (under `src/`) and the component it exports. The sign-in page is
 * part of the entry; every other page is a chunk of its own, loaded when its route loads or is
 * preloaded (a link's hover). Plain data, so the build reads it too: the page's first HTML starts
 * downloading the current route's chunks before the entry has run (scripts/first-screen-plugin.ts).
 */
export const PAGE_MODULES = {
  login: ['features/auth/pages/login-page.tsx', 'LoginPage'],
  setup: ['features/auth/pages/setup-page.tsx', 'SetupPage'],
  'password.forgot': ['features/auth/pages/forgot-password-page.tsx', 'ForgotPasswordPage'],
  'password.reset': ['features/auth/pages/reset-password-page.tsx', 'ResetPasswordPage'],
  'login.sso': ['features/auth/pages/sso-complete-page.tsx', 'SsoCompletePage'],
  home: ['features/dashboard/pages/dashboard-page.tsx', 'DashboardPage'],
  controllers: ['features/controllers/pages/controllers-page.tsx', 'ControllersPage'],
  'controllers.view': ['features/controllers/pages/controller-view-page.tsx', 'ControllerViewPage'],
  'controllers.edit': ['features/controllers/pages/controller-edit-page.tsx', 'ControllerEditPage'],
  'controllers.authorise': ['features/controllers/pages/controller-authorize-page.tsx', 'ControllerAuthorizePage'],
  'controllers.connect': ['features/onboarding/pages/connect-controller-page.tsx', 'ConnectControllerPage'],
  'alarms.view': ['features/alarms/pages/alarm-view-page.tsx', 'AlarmViewPage'],
  account: ['features/account/pages/account-page.tsx', 'AccountPage'],
  legal: ['features/legal/pages/legal-page.tsx', 'LegalPage'],
  '403': ['features/errors/pages/forbidden-page.tsx', 'ForbiddenPage'],
  search: ['features/search/pages/search-page.tsx', 'SearchPage'],
  jobs: ['features/jobs/pages/jobs-page.tsx', 'JobsPage'],
  'jobs.view': ['features/jobs/pages/job-view-page.tsx', 'JobViewPage'],
  inventory: ['features/inventory/pages/inventory-page.tsx', 'InventoryPage'],
  assets: ['features/assets/pages/assets-page.tsx', 'AssetsPage'],
  organizations: ['features/organizations/pages/organizations-page.tsx', 'OrganizationsPage'],
  'organizations.create': ['features/organizations/pages/organization-form-page.tsx', 'OrganizationCreatePage'],
  'organizations.view': ['features/organizations/pages/organization-view-page.tsx', 'OrganizationViewPage'],
  'organizations.edit': ['features/organizations/pages/organization-form-page.tsx', 'OrganizationEditPage'],
  'organizations.locations.create': ['features/organizations/pages/location-form-page.tsx', 'LocationCreatePage'],
  'organizations.locations.edit': ['features/organizations/pages/location-form-page.tsx', 'LocationEditPage'],
  locations: ['features/organizations/pages/locations-page.tsx', 'LocationsPage'],
  reports: ['features/reports/pages/reports-index-page.tsx', 'ReportsIndexPage'],
  'reports.uri_purchase_orders': ['features/reports/pages/uri-purchase-orders-page.tsx', 'UriPurchaseOrdersPage'],
  'reports.rack_manually_on': ['features/reports/pages/rack-manually-on-page.tsx', 'RackManuallyOnPage'],
  'reports.haccp': ['features/reports/pages/haccp-page.tsx', 'HaccpPage'],
  'reports.alarm_response': ['features/reports/pages/alarm-response-page.tsx', 'AlarmResponsePage'],
  'reports.refrigerant': ['features/reports/pages/refrigerant-page.tsx', 'RefrigerantReportPage'],
  'reports.alarm_management': ['features/reports/pages/alarm-management-page.tsx', 'AlarmManagementReportPage'],
  'reports.case_performance': ['features/reports/pages/case-performance-page.tsx', 'CasePerformancePage'],
  'invitation.accept': ['features/organizations/pages/invitation-accept-page.tsx', 'InvitationAcceptPage'],
  ack: ['features/channels/pages/ack-page.tsx', 'AckPage'],
  settings: ['features/settings/pages/settings-page.tsx', 'SettingsPage'],
  'settings.users': ['features/settings/pages/users-page.tsx', 'UsersPage'],
  'settings.users.create': ['features/settings/pages/user-create-page.tsx', 'UserCreatePage'],
  'settings.users.edit': ['features/settings/pages/user-edit-page.tsx', 'UserEditPage'],
  'settings.teams': ['features/settings/pages/teams-page.tsx', 'TeamsPage'],
  'settings.teams.edit': ['features/settings/pages/team-edit-page.tsx', 'TeamEditPage'],
  'settings.roles': ['features/settings/pages/roles-page.tsx', 'RolesPage'],
  'settings.roles.edit': ['features/settings/pages/role-edit-page.tsx', 'RoleEditPage'],
  'settings.alarm_types': ['features/alarm-types/pages/alarm-types-page.tsx', 'AlarmTypesPage'],
  'settings.alarm_types.edit': ['features/alarm-types/pages/alarm-type-edit-page.tsx', 'AlarmTypeEditPage'],
  'settings.job_categories': ['features/jobs/pages/job-categories-page.tsx', 'JobCategoriesPage'],
  'settings.webhooks': ['features/webhooks/pages/webhooks-page.tsx', 'WebhooksPage'],
  'settings.api_tokens': ['features/identity/pages/api-tokens-page.tsx', 'ApiTokensPage'],
  'settings.audit_log': ['features/settings/pages/audit-log-page.tsx', 'AuditLogPage'],
  'settings.backups': ['features/ops/pages/backups-page.tsx', 'BackupsPage'],
  'settings.email': ['features/notifications/pages/email-page.tsx', 'EmailSettingsPage'],
  'settings.oncall': ['features/oncall/pages/oncall-page.tsx', 'OncallPage'],
  'settings.sso': ['features/identity/pages/sso-page.tsx', 'SsoPage'],
} as const satisfies Record<PageName, readonly [module: string, component: string]>;

/** The page that is part of the entry (the first screen of a signed-out visitor). */
export const ENTRY_PAGE = 'login' satisfies PageName;
