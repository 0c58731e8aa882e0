import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from './client.ts';

/** PostgreSQL's foreign_key_violation: another row still refers to the one being deleted. */
const FOREIGN_KEY_VIOLATION = '23503';

function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return true;
  }
  return false;
}

/**
 * Deletes a row, or archives it (sets its `archived_at`) when history still refers to it: the
 * database's foreign keys decide, so every kind of history counts without a list to keep up to date.
 * The delete runs in a savepoint of `tx`, so a refused one leaves the transaction usable.
 */
export async function removeOrArchive(
  tx: Tx,
  table: 'organizations' | 'locations' | 'roles' | 'maintenance_windows',
  id: number,
  at: Date,
): Promise<'deleted' | 'archived'> {
  const name: SQL = sql.raw(table);
  try {
    await tx.transaction(async (sp) => {
      await sp.execute(sql`delete from ${name} where id = ${id}`);
    });
    return 'deleted';
  } catch (err) {
    if (!isForeignKeyViolation(err)) throw err;
    await tx.execute(sql`update ${name} set archived_at = ${at.toISOString()}::timestamptz where id = ${id}`);
    return 'archived';
  }
}
