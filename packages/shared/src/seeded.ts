/**
 * Names the product itself writes (first-run setup, the demo), each under a stable key. They are
 * stored as English data like any name; the SPA shows a record whose name is still exactly the seeded
 * one in the reader's language (`seeded.{kind}.{key}` in its catalogs), and any other name, a renamed
 * seeded record's included, as typed. Alarm types carry both names as data (`name`, `name_es`).
 */
export const SEEDED_NAMES = {
  role: {
    admin: 'Administrator',
    manager: 'Store Manager',
    technician: 'Service Technician',
    viewer: 'Store Viewer',
    // The usual roles first-run setup offers on a new installation (features/setup/standard-roles.ts).
    setup_manager: 'Manager',
    setup_technician: 'Technician',
    setup_viewer: 'Viewer',
  },
  job_category: {
    emergency_repair: 'Emergency Repair',
    preventive_maintenance: 'Preventive Maintenance',
    leak_check: 'Refrigerant Leak Check',
    installation: 'Installation',
    inspection: 'Inspection',
  },
  team: {
    service_desk: 'Service Desk',
    field_technicians: 'Field Technicians',
    store_operations: 'Store Operations',
  },
} as const;

export type SeededKind = keyof typeof SEEDED_NAMES;

/** The key of a seeded name of that kind, or null for a name someone typed. */
export function seededKey(kind: string, name: string): string | null {
  const names: Record<string, string> | undefined = (SEEDED_NAMES as Record<string, Record<string, string>>)[kind];
  if (!names) return null;
  for (const [key, seeded] of Object.entries(names)) if (seeded === name) return key;
  return null;
}
