import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appMeta } from '../../db/schema.ts';

/** The fleet's provisioning key, kept with the installation's facts (`app_meta`). */
export const KEY = 'provisioning_key';
/** SHA-256 of the configured key (DEVICE_PROVISIONING_KEY) last applied: a changed variable wins once. */
export const CONFIGURED = 'provisioning_key_configured';

export async function readMeta(db: DbOrTx): Promise<{ key?: string; configured?: string }> {
  const rows = await db
    .select()
    .from(appMeta)
    .where(inArray(appMeta.key, [KEY, CONFIGURED]));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  return { key: byKey.get(KEY), configured: byKey.get(CONFIGURED) };
}

export async function writeMeta(db: DbOrTx, key: string, value: string): Promise<void> {
  await db.insert(appMeta).values({ key, value }).onConflictDoUpdate({ target: appMeta.key, set: { value } });
}

/** Keeps the first key written when two instances start together. */
export async function insertMetaOnce(db: DbOrTx, key: string, value: string): Promise<void> {
  await db.insert(appMeta).values({ key, value }).onConflictDoNothing();
}

export async function readKey(db: DbOrTx): Promise<string | undefined> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY));
  return row?.value;
}
