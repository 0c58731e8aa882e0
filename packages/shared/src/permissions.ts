/**
 * Every permission key of the product: the 21 of the requirements (docs/requirements.md §6) and the
 * extensions of docs/contracts.md §6. One list serves the router, the API and the role editor.
 */
export const SPEC_PERMISSIONS = [
  'locations_view',
  'locations_view_all',
  'locations_create',
  'locations_edit',
  'controllers_view',
  'controllers_view_all',
  'controllers_edit',
  'controllers_update',
  'controller_authorize',
  'inventory_view',
  'assets_view',
  'reports_view',
  'jobs_view',
  'organization_view',
  'organization_view_all',
  'organization_create',
  'organization_edit',
  'alarms_view',
  'settings_view',
  'settings_update',
  'search_view',
] as const;

export const EXTENSION_PERMISSIONS = [
  'alarms_acknowledge',
  'alarms_clear',
  'users_impersonate',
  'jobs_create',
  'inventory_edit',
  'assets_edit',
  // Signing a location's HACCP log as the responsible person (Manager and Administrator roles).
  'haccp_sign',
  // Backups hold every organization's data and every password hash: the Administrator role alone.
  'backups_manage',
] as const;

export const PERMISSIONS = [...SPEC_PERMISSIONS, ...EXTENSION_PERMISSIONS] as const;

export type Permission = (typeof PERMISSIONS)[number];

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** Groups for the role editor's permission matrix. */
export const PERMISSION_GROUPS: Record<string, readonly Permission[]> = {
  organizations: ['organization_view', 'organization_view_all', 'organization_create', 'organization_edit'],
  locations: ['locations_view', 'locations_view_all', 'locations_create', 'locations_edit'],
  controllers: [
    'controllers_view',
    'controllers_view_all',
    'controllers_edit',
    'controllers_update',
    'controller_authorize',
  ],
  alarms: ['alarms_view', 'alarms_acknowledge', 'alarms_clear'],
  jobs: ['jobs_view', 'jobs_create'],
  inventory: ['inventory_view', 'inventory_edit'],
  assets: ['assets_view', 'assets_edit'],
  reports: ['reports_view', 'haccp_sign'],
  settings: ['settings_view', 'settings_update', 'users_impersonate', 'backups_manage'],
  search: ['search_view'],
};

/**
 * An administrator of the installation: changes settings and sees every organization. What belongs
 * to the whole installation (the fleet's provisioning key, the mail server) is theirs alone.
 */
export const ADMINISTRATOR_PERMISSIONS = [
  'settings_update',
  'organization_view_all',
] as const satisfies readonly Permission[];

export function isAdministrator(permissions: Iterable<string>): boolean {
  const held = new Set(permissions);
  return ADMINISTRATOR_PERMISSIONS.every((p) => held.has(p));
}
