import { type SQL, sql } from 'drizzle-orm';

/** Binds a JS array as ONE parameter (for `unnest($1::int[])`, `= any($1)`); drizzle would expand it. */
export function arr(values: readonly unknown[]): SQL {
  return sql`${sql.param(values)}`;
}

/**
 * A timestamp from a raw row: node-postgres gives a Date, PGlite a string such as
 * `2026-11-22 02:36:47.595+00`.
 */
export function toIso(value: unknown): string | null {
  if (value == null) return null;
  if (value instanceof Date) return value.toISOString();
  const text = String(value)
    .replace(/^(\d{4}-\d\d-\d\d) /, '$1T')
    .replace(/([+-]\d\d)$/, '$1:00');
  return new Date(text).toISOString();
}

export function toDate(value: unknown): Date {
  return new Date(toIso(value) ?? 0);
}

/** Runs raw SQL on either driver; both answer with `{rows}`. */
export async function query<T = Record<string, unknown>>(
  db: { execute: (q: SQL) => PromiseLike<unknown> },
  q: SQL,
): Promise<T[]> {
  const res = (await db.execute(q)) as { rows: T[] };
  return res.rows;
}
