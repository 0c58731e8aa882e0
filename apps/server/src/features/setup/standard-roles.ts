import type { Permission } from '@rcm/shared/permissions';
import { SEEDED_NAMES } from '@rcm/shared/seeded';

/** A customer organization's manager: views and edits within their organization. */
export const MANAGER_PERMISSIONS: readonly Permission[] = [
  'organization_view',
  'organization_edit',
  'locations_view',
  'locations_create',
  'locations_edit',
  'controllers_view',
  'controllers_edit',
  'alarms_view',
  'alarms_acknowledge',
  'alarms_clear',
  'jobs_view',
  'jobs_create',
  'assets_view',
  'reports_view',
  'haccp_sign',
  'search_view',
];

/** A service technician: controllers (authorizing new ones too), alarms, jobs, inventory, in every organization. */
export const TECHNICIAN_PERMISSIONS: readonly Permission[] = [
  'organization_view',
  'organization_view_all',
  'locations_view',
  'locations_view_all',
  'controllers_view',
  'controllers_view_all',
  'controllers_edit',
  'controllers_update',
  'controller_authorize',
  'alarms_view',
  'alarms_acknowledge',
  'alarms_clear',
  'jobs_view',
  'jobs_create',
  'inventory_view',
  'inventory_edit',
  'assets_view',
  'assets_edit',
  'reports_view',
  'search_view',
];

/** A store user: read only, in their organization (and their locations unless given all). */
export const VIEWER_PERMISSIONS: readonly Permission[] = [
  'organization_view',
  'locations_view',
  'controllers_view',
  'alarms_view',
  'search_view',
];

/** The roles a new installation offers besides Administrator (which setup brings up to every permission). */
export const STANDARD_ROLES: readonly { name: string; color: string; permissions: readonly Permission[] }[] = [
  { name: SEEDED_NAMES.role.setup_manager, color: '#0369a1', permissions: MANAGER_PERMISSIONS },
  { name: SEEDED_NAMES.role.setup_technician, color: '#b45309', permissions: TECHNICIAN_PERMISSIONS },
  { name: SEEDED_NAMES.role.setup_viewer, color: '#15803d', permissions: VIEWER_PERMISSIONS },
];
