import { PERMISSIONS, type Permission } from '@rcm/shared/permissions';
import { SEEDED_NAMES } from '@rcm/shared/seeded';
import { MANAGER_PERMISSIONS, TECHNICIAN_PERMISSIONS, VIEWER_PERMISSIONS } from '../features/setup/standard-roles.ts';

/**
 * The demo's roles (docs/contracts.md §9): the permission sets of a new installation's standard roles,
 * under the demo's names. Colours are shown as badges with a contrasting text.
 */
export const DEMO_ROLES: { key: string; name: string; color: string; permissions: readonly Permission[] }[] = [
  { key: 'admin', name: SEEDED_NAMES.role.admin, color: '#6d28d9', permissions: PERMISSIONS },
  { key: 'manager', name: SEEDED_NAMES.role.manager, color: '#0369a1', permissions: MANAGER_PERMISSIONS },
  { key: 'technician', name: SEEDED_NAMES.role.technician, color: '#b45309', permissions: TECHNICIAN_PERMISSIONS },
  { key: 'viewer', name: SEEDED_NAMES.role.viewer, color: '#15803d', permissions: VIEWER_PERMISSIONS },
];
