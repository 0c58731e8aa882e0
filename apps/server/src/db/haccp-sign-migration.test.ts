import { PERMISSIONS } from '@rcm/shared/permissions';
import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_ROLES } from '../seed/roles.ts';
import { openDatabaseBefore } from '../test/database.ts';
import { migrateDatabase } from './client.ts';
import { roles } from './schema.ts';

const BEFORE = PERMISSIONS.filter((p) => p !== 'haccp_sign');

describe('migration 0032: haccp_sign and the HACCP log entries', () => {
  it('is granted to the Administrator and Manager roles and to a renamed all-permissions role, no other', async () => {
    const database = await openDatabaseBefore('0032_haccp_log');
    const technician = DEMO_ROLES.find((r) => r.key === 'technician');
    await database.db.insert(roles).values([
      { name: 'Administrator', color: '#1d4ed8', permissions: ['settings_view'] },
      { name: 'Manager', color: '#0369a1', permissions: ['reports_view'] },
      { name: 'Head office', color: '#000000', permissions: BEFORE },
      {
        name: 'Service Technician',
        color: '#b45309',
        permissions: technician?.permissions.filter((p) => p !== 'haccp_sign') ?? [],
      },
      { name: 'Almost everything', color: '#111111', permissions: BEFORE.filter((p) => p !== 'assets_edit') },
    ]);

    await migrateDatabase(database);

    const rows = await database.db.select().from(roles).orderBy(asc(roles.id));
    expect(rows.filter((r) => r.permissions.includes('haccp_sign')).map((r) => r.name)).toEqual([
      'Administrator',
      'Manager',
      'Head office',
    ]);
    expect(rows[1]?.permissions).toEqual(['reports_view', 'haccp_sign']);
    const table = await database.db.execute(sql`select count(*)::int as n from haccp_entries`);
    expect((table as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
