import { describe, expect, it } from 'vitest';
import { PERMISSIONS, SPEC_PERMISSIONS } from './permissions.ts';
import type { Actor } from './policies.ts';
import { decideAccess, ROUTES } from './routes.ts';

const holding = (permissions: readonly string[]): Actor => ({
  id: 1,
  organizationId: 1,
  permissions,
  impersonating: false,
});

// docs/requirements.md §2, copied by hand: route name → path as the spec writes it, and its access.
const SPEC_TABLE: Record<string, [string, true | false | 'anyone' | string[]]> = {
  login: ['/user/login', false],
  // The member invitation link, not in the spec's table.
  'invitation.accept': ['/user/invitation/{token}', false],
  // Added with accounts (first-run setup and password links), not in the spec's table.
  setup: ['/setup', false],
  'password.forgot': ['/user/forgot-password', false],
  'password.reset': ['/user/reset-password', false],
  'login.sso': ['/user/sso', false],
  // One-tap acknowledge (its link stands for the person), not in the spec's table.
  ack: ['/a/{token}', 'anyone'],
  home: ['/', true],
  account: ['/account', true],
  '403': ['/403', true],
  locations: ['/locations', ['locations_view', 'locations_view_all']],
  controllers: ['/controllers', ['controllers_view', 'controllers_view_all']],
  inventory: ['/inventory/{pageNumber?}', ['inventory_view']],
  assets: ['/assets', ['assets_view']],
  reports: ['/reports', ['reports_view']],
  'reports.uri_purchase_orders': ['/reports/uri_purchase_orders', ['reports_view']],
  'reports.rack_manually_on': ['/reports/rack_manually_on', ['reports_view']],
  // Reports beyond the spec's two, not in its table.
  'reports.haccp': ['/reports/haccp', ['reports_view']],
  'reports.alarm_response': ['/reports/alarm_response', ['reports_view']],
  'reports.refrigerant': ['/reports/refrigerant', ['reports_view']],
  'reports.alarm_management': ['/reports/alarm_management', ['reports_view']],
  'reports.case_performance': ['/reports/case_performance', ['reports_view']],
  jobs: ['/jobs', ['jobs_view']],
  'jobs.view': ['/jobs/{id}/view', ['jobs_view']],
  organizations: ['/organizations', ['organization_view', 'organization_view_all']],
  'organizations.create': ['/organizations/create', ['organization_create']],
  'organizations.view': ['/organizations/{id}/view', ['organization_view', 'organization_view_all']],
  'organizations.edit': ['/organizations/{id}/edit', ['organization_edit']],
  'organizations.locations.create': ['/organizations/{id}/locations/create', ['locations_create']],
  'organizations.locations.edit': ['/locations/{locationId}/edit', ['locations_edit']],
  'controllers.view': ['/controllers/{controllerId}/view', ['controllers_view']],
  'alarms.view': ['/alarms/{alarmMetadataRef}/view', ['alarms_view']],
  'controllers.edit': ['/controllers/{controllerId}/edit', ['controllers_edit']],
  'controllers.authorise': ['/controllers/{id}/authorise', ['controllers_update']],
  // Connecting a controller, not in the spec's table.
  'controllers.connect': ['/controllers/connect', ['controller_authorize']],
  search: ['/search', true],
  legal: ['/legal', true],
  settings: ['/settings', ['settings_view']],
  'settings.users': ['/settings/users', ['settings_view']],
  'settings.users.create': ['/settings/users/create', ['settings_update']],
  'settings.users.edit': ['/settings/users/{id}/edit', ['settings_update']],
  'settings.teams': ['/settings/teams', ['settings_view']],
  'settings.teams.edit': ['/settings/teams/{id}/edit', ['settings_update']],
  'settings.roles': ['/settings/roles', ['settings_view']],
  'settings.roles.edit': ['/settings/roles/{id}/edit', ['settings_update']],
  'settings.alarm_types': ['/settings/alarm-types', ['settings_view']],
  'settings.alarm_types.edit': ['/settings/alarm-types/{id}/edit', ['settings_view']],
  // The audit log, not in the spec's table.
  'settings.audit_log': ['/settings/audit-log', ['settings_view']],
  // Job categories: create, rename, archive.
  'settings.job_categories': ['/settings/job-categories', ['settings_view']],
  // Added with backups of the embedded database, not in the spec's table.
  'settings.backups': ['/settings/backups', ['backups_manage']],
  // How the installation sends email, not in the spec's table.
  'settings.email': ['/settings/email', ['settings_update']],
  // Added with on call, not in the spec's table.
  'settings.oncall': ['/settings/on-call', ['settings_view']],
  // Outbound webhooks, not in the spec's table.
  'settings.webhooks': ['/settings/webhooks', ['settings_view']],
  // Integration tokens, not in the spec's table.
  'settings.api_tokens': ['/settings/api-tokens', ['settings_update']],
  'settings.sso': ['/settings/single-sign-on', ['settings_update']],
};

/** TanStack's `$id` and `{-$page}` written the spec's way. */
const specPath = (path: string) => path.replace(/\{-\$(\w+)\}/g, '{$1?}').replace(/\$(\w+)/g, '{$1}');

describe('route table', () => {
  it('has exactly the routes of the spec, with their paths', () => {
    expect(Object.fromEntries(ROUTES.map((r) => [r.name, specPath(r.path)]))).toEqual(
      Object.fromEntries(Object.entries(SPEC_TABLE).map(([name, [path]]) => [name, path])),
    );
  });

  it('knows the 21 permission keys of the spec and the design extensions', () => {
    expect(SPEC_PERMISSIONS).toHaveLength(21);
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
  });

  for (const route of ROUTES) {
    const [, access] = SPEC_TABLE[route.name] ?? ['', true];
    describe(route.name, () => {
      it('signed out', () => {
        expect(decideAccess(route.auth, null).kind).toBe(access === false || access === 'anyone' ? 'allow' : 'login');
      });

      it('signed in with no permission', () => {
        const expected =
          access === false ? 'not-found' : access === true || access === 'anyone' ? 'allow' : 'forbidden';
        expect(decideAccess(route.auth, holding([])).kind).toBe(expected);
      });

      it('signed in with each single permission', () => {
        for (const permission of PERMISSIONS) {
          const expected =
            access === false
              ? 'not-found'
              : access === true || access === 'anyone' || access.includes(permission)
                ? 'allow'
                : 'forbidden';
          expect(decideAccess(route.auth, holding([permission])).kind, permission).toBe(expected);
        }
      });

      it('signed in with every permission', () => {
        expect(decideAccess(route.auth, holding(PERMISSIONS)).kind).toBe(access === false ? 'not-found' : 'allow');
      });
    });
  }
});
