import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { controllers } from '../../db/schema.ts';

export function createControllersRepo(db: Db) {
  return {
    /** Controllers pending authorization belong to no organization yet: only staff may list them. */
    async listUnauthorised() {
      return db
        .select({ id: controllers.id, mac_address: controllers.macAddress, name: controllers.name })
        .from(controllers)
        .where(eq(controllers.authorised, false))
        .orderBy(asc(controllers.createdAt), asc(controllers.id));
    },
  };
}

export type ControllersRepo = ReturnType<typeof createControllersRepo>;
