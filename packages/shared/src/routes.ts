import { type Action, type Actor, can } from './policies.ts';

/**
 * The route table of docs/requirements.md §2. `auth` is true (signed in), false (only when signed out),
 * `'anyone'` (signed in or out: a link that stands for its person, such as one-tap acknowledge) or the
 * action the page offers, answered by the shared `can` (`policies.ts`) as every other capability is.
 */
export type RouteAuth = true | false | 'anyone' | Action;

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
  { name: 'locations', path: '/locations', auth: 'location.list' },
  { name: 'controllers', path: '/controllers', auth: 'controller.list' },
  { name: 'inventory', path: '/inventory/{-$pageNumber}', auth: 'inventory.view' },
  { name: 'assets', path: '/assets', auth: 'asset.view' },
  { name: 'reports', path: '/reports', auth: 'report.view' },
  { name: 'reports.uri_purchase_orders', path: '/reports/uri_purchase_orders', auth: 'report.view' },
  { name: 'reports.rack_manually_on', path: '/reports/rack_manually_on', auth: 'report.view' },
  // Reports beyond the spec's two, not in its table.
  { name: 'reports.haccp', path: '/reports/haccp', auth: 'report.view' },
  { name: 'reports.alarm_response', path: '/reports/alarm_response', auth: 'report.view' },
  { name: 'reports.refrigerant', path: '/reports/refrigerant', auth: 'report.view' },
  { name: 'reports.alarm_management', path: '/reports/alarm_management', auth: 'report.view' },
  { name: 'reports.case_performance', path: '/reports/case_performance', auth: 'report.view' },
  { name: 'jobs', path: '/jobs', auth: 'job.view' },
  { name: 'jobs.view', path: '/jobs/$id/view', auth: 'job.view' },
  { name: 'organizations', path: '/organizations', auth: 'organization.list' },
  { name: 'organizations.create', path: '/organizations/create', auth: 'organization.create' },
  { name: 'organizations.view', path: '/organizations/$id/view', auth: 'organization.list' },
  { name: 'organizations.edit', path: '/organizations/$id/edit', auth: 'organization.edit' },
  { name: 'organizations.locations.create', path: '/organizations/$id/locations/create', auth: 'location.create' },
  { name: 'organizations.locations.edit', path: '/locations/$locationId/edit', auth: 'location.edit' },
  { name: 'controllers.view', path: '/controllers/$controllerId/view', auth: 'controller.open' },
  { name: 'alarms.view', path: '/alarms/$alarmMetadataRef/view', auth: 'alarm.view' },
  { name: 'controllers.edit', path: '/controllers/$controllerId/edit', auth: 'controller.edit' },
  { name: 'controllers.authorise', path: '/controllers/$id/authorise', auth: 'controller.assign' },
  // Connecting a controller: endpoints, topics, the provisioning key (administrators), not in the spec's table.
  { name: 'controllers.connect', path: '/controllers/connect', auth: 'controller.authorize' },
  { name: 'search', path: '/search', auth: true },
  { name: 'legal', path: '/legal', auth: true },
  { name: 'settings', path: '/settings', auth: 'settings.view' },
  { name: 'settings.users', path: '/settings/users', auth: 'settings.view' },
  { name: 'settings.users.create', path: '/settings/users/create', auth: 'settings.edit' },
  { name: 'settings.users.edit', path: '/settings/users/$id/edit', auth: 'settings.edit' },
  { name: 'settings.teams', path: '/settings/teams', auth: 'settings.view' },
  { name: 'settings.teams.edit', path: '/settings/teams/$id/edit', auth: 'settings.edit' },
  { name: 'settings.roles', path: '/settings/roles', auth: 'settings.view' },
  { name: 'settings.roles.edit', path: '/settings/roles/$id/edit', auth: 'settings.edit' },
  { name: 'settings.alarm_types', path: '/settings/alarm-types', auth: 'settings.view' },
  { name: 'settings.alarm_types.edit', path: '/settings/alarm-types/$id/edit', auth: 'settings.view' },
  // Job categories: create, rename, archive (shared by every organization).
  { name: 'settings.job_categories', path: '/settings/job-categories', auth: 'settings.view' },
  // The audit log, not in the spec's table.
  { name: 'settings.audit_log', path: '/settings/audit-log', auth: 'settings.view' },
  // Backups of the embedded database (the Administrator role's backups_manage), not in the spec's table.
  { name: 'settings.backups', path: '/settings/backups', auth: 'backup.manage' },
  // How the installation sends email, and a test message (administrators), not in the spec's table.
  { name: 'settings.email', path: '/settings/email', auth: 'settings.edit' },
  // Not in the spec's table: on-call schedules (who is on call, the rota, overrides).
  { name: 'settings.oncall', path: '/settings/on-call', auth: 'settings.view' },
  // Single sign-on connections of an organization (its user management), not in the spec's table.
  { name: 'settings.sso', path: '/settings/single-sign-on', auth: 'settings.edit' },
  { name: 'settings.webhooks', path: '/settings/webhooks', auth: 'settings.view' },
  // Not in the spec's table: integration tokens (a person with settings_update makes them from their own rights).
  { name: 'settings.api_tokens', path: '/settings/api-tokens', auth: 'settings.edit' },
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof ROUTES)[number]['name'] | 'not-found';

export type GuardDecision = { kind: 'allow' } | { kind: 'login' } | { kind: 'forbidden' } | { kind: 'not-found' };

/**
 * The route guard of docs/requirements.md §4: not signed in on a protected route → login (401);
 * signed in without the page's action → 403; signed in on an auth-false route → not-found (404).
 */
export function decideAccess(auth: RouteAuth, user: Actor | null): GuardDecision {
  if (auth === 'anyone') return { kind: 'allow' };
  if (auth === false) return user ? { kind: 'not-found' } : { kind: 'allow' };
  if (!user) return { kind: 'login' };
  if (auth === true) return { kind: 'allow' };
  return can(user, auth) ? { kind: 'allow' } : { kind: 'forbidden' };
}

export function routeByName(name: string): RouteDef | undefined {
  return ROUTES.find((r) => r.name === name);
}
