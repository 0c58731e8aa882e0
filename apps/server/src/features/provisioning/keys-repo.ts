import { eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { appMeta } from '../../db/schema.ts';

/** The fleet's provisioning key, kept with the installation's facts (`app_meta`). */
export const KEY = 'provisioning_key';
/** SHA-256 of the configured key (DEVICE_PROVISIONING_KEY) last applied: a changed variable wins once. */
export const CONFIGURED = 'provisioning_key_configured';

export function createProvisioningKeysRepo(db: Db) {
  return {
    async readMeta(): Promise<{ key?: string; configured?: string }> {
      const rows = await db
        .select()
        .from(appMeta)
        .where(inArray(appMeta.key, [KEY, CONFIGURED]));
      const byKey = new Map(rows.map((r) => [r.key, r.value]));
      return { key: byKey.get(KEY), configured: byKey.get(CONFIGURED) };
    },
    async writeMeta(key: string, value: string, on: DbOrTx): Promise<void> {
      await on.insert(appMeta).values({ key, value }).onConflictDoUpdate({ target: appMeta.key, set: { value } });
    },
    /** Keeps the first key written when two instances start together. */
    async insertMetaOnce(key: string, value: string): Promise<void> {
      await db.insert(appMeta).values({ key, value }).onConflictDoNothing();
    },
    async readKey(): Promise<string | undefined> {
      const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY));
      return row?.value;
    },
  };
}

export type ProvisioningKeysRepo = ReturnType<typeof createProvisioningKeysRepo>;
