import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appMeta } from '../../db/schema.ts';

/** The installation's generated VAPID pair, kept with its facts (`app_meta`) as one JSON value. */
const META_KEY = 'vapid_keys';

export function createVapidKeysRepo(db: Db) {
  return {
    /** Stores `value` unless a pair is stored already (two instances starting together keep the first), and returns the stored one. */
    async keepFirst(value: string): Promise<string | undefined> {
      await db.insert(appMeta).values({ key: META_KEY, value }).onConflictDoNothing();
      const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, META_KEY));
      return row?.value;
    },
  };
}

export type VapidKeysRepo = ReturnType<typeof createVapidKeysRepo>;
