import type { Permission } from './permissions.ts';

/**
 * The route table of docs/requirements.md §2. `auth` is true (signed in), false (only when signed out),
 * `'anyone'` (signed in or out: a link that stands for its person, such as one-tap acknowledge) or a
 * list of permissions of which the user needs at least one.
 */
export type RouteAuth = true | false | 'anyone' | readonly Permission[];

export type RouteDef = {
  name: string;
  path: string;
  auth: RouteAuth;
};

export const ROUTES = [
  { name: 'login', path: '/user/login', auth: false },
  // Not in the spec's table: the accept link of a member invitation, for signed-out visitors.
  { name: 'invitation.accept', path: '/user/invitation/$token', auth: false },
  // Not in the spec's table: first-run setup and password links, for signed-out visitors.
  { name: 'setup', path: '/setup', auth: false },
  { name: 'password.forgot', path: '/user/forgot-password', auth: false },
  { name: 'password.reset', path: '/user/reset-password', auth: false },
  // Not in the spec's table: where the identity provider's sign-in completes (single sign-on).
  { name: 'login.sso', path: '/user/sso', auth: false },
  // Not in the spec's table: one-tap acknowledge from an email, SMS or push (the link is the person's).
  { name: 'ack', path: '/a/$token', auth: 'anyone' },
  { name: 'home', path: '/', auth: true },
  { name: 'account', path: '/account', auth: true },
  { name: '403', path: '/403', auth: true },
  { name: 'locations', path: '/locations', auth: ['locations_view', 'locations_view_all'] },
  { name: 'controllers', path: '/controllers', auth: ['controllers_view', 'controllers_view_all'] },
  { name: 'inventory', path: '/inventory/{-$pageNumber}', auth: ['inventory_view'] },
  { name: 'assets', path: '/assets', auth: ['assets_view'] },
  { name: 'reports', path: '/reports', auth: ['reports_view'] },
  { name: 'reports.uri_purchase_orders', path: '/reports/uri_purchase_orders', auth: ['reports_view'] },
  { name: 'reports.rack_manually_on', path: '/reports/rack_manually_on', auth: ['reports_view'] },
  // Reports beyond the spec's two, not in its table.
  { name: 'reports.haccp', path: '/reports/haccp', auth: ['reports_view'] },
  { name: 'reports.alarm_response', path: '/reports/alarm_response', auth: ['reports_view'] },
  { name: 'reports.refrigerant', path: '/reports/refrigerant', auth: ['reports_view'] },
  { name: 'reports.alarm_management', path: '/reports/alarm_management', auth: ['reports_view'] },
  { name: 'reports.case_performance', path: '/reports/case_performance', auth: ['reports_view'] },
  { name: 'jobs', path: '/jobs', auth: ['jobs_view'] },
  { name: 'jobs.view', path: '/jobs/$id/view', auth: ['jobs_view'] },
  { name: 'organizations', path: '/organizations', auth: ['organization_view', 'organization_view_all'] },
  { name: 'organizations.create', path: '/organizations/create', auth: ['organization_create'] },
  {
    name: 'organizations.view',
    path: '/organizations/$id/view',
    auth: ['organization_view', 'organization_view_all'],
  },
  { name: 'organizations.edit', path: '/organizations/$id/edit', auth: ['organization_edit'] },
  { name: 'organizations.locations.create', path: '/organizations/$id/locations/create', auth: ['locations_create'] },
  { name: 'organizations.locations.edit', path: '/locations/$locationId/edit', auth: ['locations_edit'] },
  { name: 'controllers.view', path: '/controllers/$controllerId/view', auth: ['controllers_view'] },
  { name: 'alarms.view', path: '/alarms/$alarmMetadataRef/view', auth: ['alarms_view'] },
  { name: 'controllers.edit', path: '/controllers/$controllerId/edit', auth: ['controllers_edit'] },
  { name: 'controllers.authorise', path: '/controllers/$id/authorise', auth: ['controllers_update'] },
  // Connecting a controller: endpoints, topics, the provisioning key (administrators), not in the spec's table.
  { name: 'controllers.connect', path: '/controllers/connect', auth: ['controller_authorize'] },
  { name: 'search', path: '/search', auth: true },
  { name: 'legal', path: '/legal', auth: true },
  { name: 'settings', path: '/settings', auth: ['settings_view'] },
  { name: 'settings.users', path: '/settings/users', auth: ['settings_view'] },
  { name: 'settings.users.create', path: '/settings/users/create', auth: ['settings_update'] },
  { name: 'settings.users.edit', path: '/settings/users/$id/edit', auth: ['settings_update'] },
  { name: 'settings.teams', path: '/settings/teams', auth: ['settings_view'] },
  { name: 'settings.teams.edit', path: '/settings/teams/$id/edit', auth: ['settings_update'] },
  { name: 'settings.roles', path: '/settings/roles', auth: ['settings_view'] },
  { name: 'settings.roles.edit', path: '/settings/roles/$id/edit', auth: ['settings_update'] },
  { name: 'settings.alarm_types', path: '/settings/alarm-types', auth: ['settings_view'] },
  { name: 'settings.alarm_types.edit', path: '/settings/alarm-types/$id/edit', auth: ['settings_view'] },
  // Job categories: create, rename, archive (shared by every organization).
  { name: 'settings.job_categories', path: '/settings/job-categories', auth: ['settings_view'] },
  // The audit log, not in the spec's table.
  { name: 'settings.audit_log', path: '/settings/audit-log', auth: ['settings_view'] },
  // Backups of the embedded database (the Administrator role's backups_manage), not in the spec's table.
  { name: 'settings.backups', path: '/settings/backups', auth: ['backups_manage'] },
  // How the installation sends email, and a test message (administrators), not in the spec's table.
  { name: 'settings.email', path: '/settings/email', auth: ['settings_update'] },
  // Not in the spec's table: on-call schedules (who is on call, the rota, overrides).
  { name: 'settings.oncall', path: '/settings/on-call', auth: ['settings_view'] },
  // Single sign-on connections of an organization (its user management), not in the spec's table.
  { name: 'settings.sso', path: '/settings/single-sign-on', auth: ['settings_update'] },
  { name: 'settings.webhooks', path: '/settings/webhooks', auth: ['settings_view'] },
  // Not in the spec's table: integration tokens (a person with settings_update makes them from their own rights).
  { name: 'settings.api_tokens', path: '/settings/api-tokens', auth: ['settings_update'] },
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof ROUTES)[number]['name'] | 'not-found';

export type GuardDecision = { kind: 'allow' } | { kind: 'login' } | { kind: 'forbidden' } | { kind: 'not-found' };

/**
 * The route guard of docs/requirements.md §4: not signed in on a protected route → login (401);
 * signed in without permission → 403; signed in on an auth-false route → not-found (404).
 */
export function decideAccess(auth: RouteAuth, user: { permissions: readonly string[] } | null): GuardDecision {
  if (auth === 'anyone') return { kind: 'allow' };
  if (auth === false) return user ? { kind: 'not-found' } : { kind: 'allow' };
  if (!user) return { kind: 'login' };
  if (auth === true) return { kind: 'allow' };
  return auth.some((p) => user.permissions.includes(p)) ? { kind: 'allow' } : { kind: 'forbidden' };
}

export function routeByName(name: string): RouteDef | undefined {
  return ROUTES.find((r) => r.name === name);
}
