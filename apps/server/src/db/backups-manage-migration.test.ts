import { PERMISSIONS } from '@rcm/shared/permissions';
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_ROLES } from '../seed/roles.ts';
import { openDatabaseBefore } from '../test/database.ts';
import { migrateDatabase } from './client.ts';
import { roles } from './schema.ts';

const BEFORE = PERMISSIONS.filter((p) => p !== 'backups_manage');

describe('migration 0024: backups_manage', () => {
  it('is granted to the Administrator role (renamed or not) and to no other role', async () => {
    const database = await openDatabaseBefore('0024_backups_manage');
    const seeded = DEMO_ROLES.filter((r) => r.key !== 'admin').map((r) => ({
      name: r.name,
      color: r.color,
      permissions: r.permissions.filter((p) => p !== 'backups_manage'),
    }));
    await database.db
      .insert(roles)
      .values([
        { name: 'Administrator', color: '#1d4ed8', permissions: BEFORE },
        { name: 'Head office', color: '#000000', permissions: [...BEFORE, 'a_key_of_tomorrow'] },
        { name: 'Administrator', color: '#1d4ed8', permissions: ['settings_view'] },
        ...seeded,
        { name: 'Almost everything', color: '#111111', permissions: BEFORE.filter((p) => p !== 'assets_edit') },
      ]);

    await migrateDatabase(database);

    const rows = await database.db.select().from(roles).orderBy(asc(roles.id));
    const holders = rows.filter((r) => r.permissions.includes('backups_manage'));
    expect(holders.map((r) => r.name)).toEqual(['Administrator', 'Head office', 'Administrator']);
    // Granted once, the other permissions untouched.
    expect(rows[0]?.permissions).toEqual([...BEFORE, 'backups_manage']);
    // 0032 then gives every role named Administrator haccp_sign too.
    expect(rows[2]?.permissions).toEqual(['settings_view', 'backups_manage', 'haccp_sign']);
    expect(rows.find((r) => r.name === 'Service Technician')?.permissions).toContain('organization_view_all');
  });
});
