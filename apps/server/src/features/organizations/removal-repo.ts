import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { removeOrArchive } from '../../db/remove-or-archive.ts';
import { query } from '../../lib/sql.ts';

/** What still uses an organization or a location, and their removal (deleted, or archived with history). */
export function createRemovalRepo(db: Db) {
  return {
    async organizationUses(id: number) {
      const [row] = await query<{ members: number; controllers: number; locations: number }>(
        db,
        sql`select
              (select count(*)::int from users where organization_id = ${id} and deleted_at is null) as members,
              (select count(*)::int from controllers where organization_id = ${id} and decommissioned_at is null) as controllers,
              (select count(*)::int from locations where organization_id = ${id} and archived_at is null) as locations`,
      );
      return { members: row?.members ?? 0, controllers: row?.controllers ?? 0, locations: row?.locations ?? 0 };
    },

    async locationUses(id: number) {
      const [row] = await query<{ controllers: number; assets: number }>(
        db,
        sql`select
              (select count(*)::int from controllers where location_id = ${id} and decommissioned_at is null) as controllers,
              (select count(*)::int from assets where location_id = ${id}) as assets`,
      );
      return { controllers: row?.controllers ?? 0, assets: row?.assets ?? 0 };
    },

    /** Runs `audit` in the same transaction as the removal, so both commit or neither. */
    async remove(
      table: 'organizations' | 'locations',
      id: number,
      at: Date,
      audit: (tx: Tx, outcome: 'deleted' | 'archived') => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        // A location's memberships go with it: members keep their other locations.
        if (table === 'locations') await tx.execute(sql`delete from user_locations where location_id = ${id}`);
        const outcome = await removeOrArchive(tx, table, id, at);
        await audit(tx, outcome);
        return outcome;
      });
    },
  };
}

export type RemovalRepo = ReturnType<typeof createRemovalRepo>;
